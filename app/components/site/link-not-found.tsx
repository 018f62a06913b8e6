import { Link } from "react-router";

/** A secret-token page whose token is unknown or expired (a quote, an invoice): no hint which. */
export function LinkNotFound({ className }: { className: string }) {
  return (
    <section className={className}>
      <h1 className="text-2xl font-bold text-brand-900">Page not found</h1>
      <p className="text-slate-700">This link is not valid. Check that it was copied in full.</p>
      <Link to="/" className="font-medium text-brand-700 underline">
        Return to Home
      </Link>
    </section>
  );
}
