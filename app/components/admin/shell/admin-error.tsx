import { isRouteErrorResponse, Link } from "react-router";
import { buttonClass } from "#app/components/ui/button-class.ts";

/**
 * What an admin page shows when its loader or action fails: friendly 403 and 404, and a generic message
 * otherwise (never a stack trace). Use it in admin route modules' ErrorBoundary.
 */
export function AdminErrorView({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 404 ? "Page Not Found" : status === 403 ? "Access denied" : "Unexpected Application Error!";
  // A 403 from the role check (decision 019) says so; the start page (/admin) sends each role to its own.
  const text =
    status === 404
      ? "This page of the admin area does not exist, or the item was deleted."
      : status === 403
        ? isRouteErrorResponse(error) && typeof error.data === "string" && error.data
          ? error.data
          : "You are not allowed to do this."
        : "Something went wrong. Please try again.";
  return (
    <section role="alert" className="flex flex-col items-start gap-4 py-10">
      {status === 404 || status === 403 ? (
        <p className="text-5xl font-bold text-brand-900">{status}</p>
      ) : null}
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <p className="text-slate-700">{text}</p>
      {status === 403 ? (
        <Link to="/admin" className={buttonClass()}>
          Go to your start page
        </Link>
      ) : (
        <Link to="/admin" className={buttonClass()}>
          Back to Dashboard
        </Link>
      )}
    </section>
  );
}
