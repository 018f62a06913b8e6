import { Link } from "react-router";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";

/** A secret-token page whose token is unknown or expired (a quote, an invoice): no hint which. */
export function LinkNotFound({ className }: { className: string }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className={className}>
      <h1 className="text-2xl font-bold text-brand-900">{t("Page not found")}</h1>
      <p className="text-slate-700">{t("This link is not valid. Check that it was copied in full.")}</p>
      <Link to={to("/")} className="font-medium text-brand-700 underline">
        {t("Return to Home")}
      </Link>
    </section>
  );
}
