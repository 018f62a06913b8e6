import { loadSitemap } from "#app/server/blog/sitemap-page.server.ts";
import type { Route } from "./+types/sitemap.xml";

/** The public pages and the published posts, in English and French (sitemap-page.server.ts). */
export function loader({ context }: Route.LoaderArgs) {
  return loadSitemap({ context });
}
