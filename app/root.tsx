import { Suspense } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { servicesContext } from "#app/context.ts";
import { DocumentStyles } from "#app/lib/document-styles.tsx";
import { useLocale } from "#app/lib/i18n/use-words.ts";
import { lazyView } from "#app/lib/lazy-view.ts";
import { useNonce } from "#app/lib/nonce.ts";
import { readToast } from "#app/server/platform/toast.server.ts";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * A server error while the database is unreachable is a 503 (try again soon), not a 500: the page
 * rendered by the error boundary stays, with the right status and Retry-After.
 */
const databaseAvailability: Route.MiddlewareFunction = async ({ context }, next) => {
  const response = (await next()) as Response;
  if (response.status < 500 || response.status === 503) return response;
  const { dbHealth } = context.get(servicesContext);
  if (await dbHealth.check()) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", "5");
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
};

/**
 * Staff changes reach the public page and tracking page caches through the database's announcements (any
 * instance); the instance that made them also drops its own copies at once, before its answer leaves.
 */
const dropCachedPagesAfterStaffWrites: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const response = await next();
  if (
    request.method !== "GET" &&
    request.method !== "HEAD" &&
    new URL(request.url).pathname.startsWith("/admin")
  ) {
    const { pageCache, trackingPages } = context.get(servicesContext);
    pageCache.clear();
    trackingPages.clear();
  }
  return response;
};

export const middleware: Route.MiddlewareFunction[] = [databaseAvailability, dropCachedPagesAfterStaffWrites];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { siteSettings, config } = context.get(servicesContext);
  const settings = await siteSettings.get();
  const { toast, headers } = readToast(request);
  return data({ settings, siteUrl: config.siteUrl, toast }, { headers });
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData(): RootData {
  return useRouteLoaderData("root") as RootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const locale = useLocale();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b2a4a" />
        <Meta />
        <DocumentStyles nonce={nonce} />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-800 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

// The application's last-resort error page: rare, so its code loads when it shows (every page loads root.tsx).
const RootErrorPage = lazyView(() => import("#app/components/root-error-page.tsx"));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Suspense>
      <RootErrorPage error={error} />
    </Suspense>
  );
}
