import { servicesContext } from "#app/context.ts";
import type { Route } from "./+types/robots.txt";

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /admin-login",
    "Disallow: /track/",
    `Sitemap: ${config.siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
