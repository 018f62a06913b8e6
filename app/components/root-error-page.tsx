// The application's last-resort error page (root.tsx's ErrorBoundary loads it when it shows).
import { isRouteErrorResponse } from "react-router";
import { homePath } from "#app/lib/i18n/locale.ts";
import { useLocale, useT } from "#app/lib/i18n/use-words.ts";

export default function RootErrorPage({ error }: { error: unknown }) {
  // The 403 of an admin address outside the staff member's role (decision 019) is thrown by the admin layout's
  // middleware, and React Router draws a middleware's error here. Kept to a few words: every public page loads it.
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const t = useT();
  const locale = useLocale();
  let message = t("Something went wrong.");
  if (isRouteErrorResponse(error)) {
    message = `${error.status} ${typeof error.data === "string" && error.data ? error.data : error.statusText}`;
  } else if (error instanceof Error) {
    // React Router replaces server error messages with a generic one in production.
    message = error.message;
  }
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center gap-4 p-8">
      {forbidden ? <title>Access denied</title> : null}
      <h1 className="text-2xl font-bold text-slate-900">
        {forbidden ? "Access denied" : t("Unexpected Application Error!")}
      </h1>
      <p className="text-slate-700">{message}</p>
      <p>
        <a href={forbidden ? "/admin" : homePath(locale)} className="font-medium text-blue-700 underline">
          {forbidden ? "Go to your start page" : t("Return to Home")}
        </a>
      </p>
    </main>
  );
}
