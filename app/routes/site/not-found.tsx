import { data, Link } from "react-router";
import type { RootData } from "#app/root.tsx";
import type { Route } from "./+types/not-found";

/** A title for the tab and the history ('Package Not Found | company'), and no place in search results. */
export const meta: Route.MetaFunction = ({ matches }) => {
  const company = (matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined)
    ?.settings.companyName;
  return [
    { title: company ? `Package Not Found | ${company}` : "Package Not Found" },
    { name: "robots", content: "noindex" },
  ];
};

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-6xl font-bold text-brand-900">404</h1>
      <p className="text-xl text-slate-700">Package Not Found</p>
      <Link to="/" className="rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800">
        Return to Home
      </Link>
    </section>
  );
}
