import { data, Link } from "react-router";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import { translateFromMatches } from "#app/lib/seo.ts";
import type { RootData } from "#app/root.tsx";
import type { Route } from "./+types/not-found";

/**
 * A title for the tab and the history ('Package Not Found | company'), and no place in search results. In
 * French at any unknown /fr/... address: its words are the layout's ('site').
 */
export const meta: Route.MetaFunction = ({ matches }) => {
  const company = (matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined)
    ?.settings.companyName;
  const title = translateFromMatches(matches)("Package Not Found");
  return [{ title: company ? `${title} | ${company}` : title }, { name: "robots", content: "noindex" }];
};

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-6xl font-bold text-brand-900">404</h1>
      <p className="text-xl text-slate-700">{t("Package Not Found")}</p>
      <Link
        to={to("/")}
        className="rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800"
      >
        {t("Return to Home")}
      </Link>
    </section>
  );
}
