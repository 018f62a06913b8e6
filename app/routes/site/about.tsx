import { AboutPage } from "#app/components/site/about/about-page.tsx";
import { aboutPage } from "#app/content/about.ts";
import { aboutPageCopy } from "#app/content/pages.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizedSeo } from "#app/lib/seo.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) => localizedSeo(args, { ...aboutPage.meta, path: "/about" });

// The page's copy travels as loader data rather than page code, in the page's language (app/content/pages.ts).
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(request);
  return { ...aboutPageCopy(locale), words: wordsFor(locale, "about") };
}

// The page component is the route's own export, as on the other public pages (docs/decisions/023-public-page-weight.md).
export default AboutPage;
