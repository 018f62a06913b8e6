// The words and links of the public chrome (header, footer, skip link, back-to-top, tracking box), in the page's
// language, as the public layout's data (app/server/settings/site-layout.server.ts builds them): they never change in the
// browser, so no page's script carries them or a translator for them (decision 030).
import { useRouteLoaderData } from "react-router";
import type { Chrome } from "#app/server/settings/site-chrome-views.ts";

export type { Chrome, ChromeLink } from "#app/server/settings/site-chrome-views.ts";

export function useChrome(): Chrome {
  return (useRouteLoaderData("routes/site/layout") as { chrome: Chrome }).chrome;
}
