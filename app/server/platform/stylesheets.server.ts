// The stylesheets a page carries in its <head> (docs/decisions/023-public-page-weight.md), built by Tailwind at
// build time: the render picks one (entry.server.tsx), and the HTTP shell compresses each once (server/html-gzip.ts).
import appCss from "#app/app.css?inline";
import siteCss from "#app/site.css?inline";

/** Every stylesheet a page may carry. */
export const PAGE_STYLESHEETS: readonly string[] = [siteCss, appCss];

/**
 * The stylesheet of the page at `pathname`: back-office pages carry every class (app.css), public pages only
 * the public site's (site.css, about half). No public page links into /admin with client-side navigation,
 * which would keep the public styles.
 */
export function stylesheetFor(pathname: string): string {
  return pathname.startsWith("/admin") ? appCss : siteCss;
}
