import { Form, NavLink } from "react-router";
import { cn } from "#app/lib/cn.ts";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";

/** The account's own links, under the site's header: a row that scrolls sideways on a phone. */
const LINKS = [
  { to: "/account/shipments", label: "Shipments" },
  { to: "/account/quotes", label: "Quotes" },
  { to: "/account/invoices", label: "Invoices" },
  { to: "/contact#quote", label: "Ask for a quote" },
  { to: "/account/colleagues", label: "Colleagues" },
  { to: "/account/preferences", label: "Preferences" },
] as const;

export function AccountNav({ name, companyName }: { name: string; companyName: string }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="border-b border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 pt-4">
        <p className="text-sm text-slate-700">
          <span translate="no" className="font-semibold text-slate-900">
            {companyName}
          </span>
          <span className="sr-only">{t(", signed in as")}</span>
          <span aria-hidden="true"> · </span>
          <span translate="no">{name}</span>
        </p>
        <Form method="post" action={to("/account/sign-out")}>
          <button
            type="submit"
            className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 underline hover:bg-white"
          >
            {t("Sign out")}
          </button>
        </Form>
      </div>
      <nav aria-label={t("Your account")} className="mx-auto max-w-6xl overflow-x-auto px-2">
        <ul className="flex gap-1 py-2">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={to(link.to)}
                className={({ isActive }) =>
                  cn(
                    "block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap",
                    isActive ? "bg-white text-brand-700 shadow-sm" : "text-slate-700 hover:bg-white",
                  )
                }
              >
                {t(link.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
