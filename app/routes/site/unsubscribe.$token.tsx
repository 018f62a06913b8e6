import type { ReactNode } from "react";
import { UnsubscribePage } from "#app/components/site/notifications/unsubscribe-page.tsx";
import { secretPageHeaders } from "#app/lib/secret-page-headers.ts";
import { translateFromMatches } from "#app/lib/seo.ts";
import type { RootData } from "#app/root.tsx";
import {
  loadUnsubscribePage,
  unsubscribePageAction,
} from "#app/server/notifications/unsubscribe-page.server.ts";
import type { Route } from "./+types/unsubscribe.$token";

// The link every notification carries (decision 013). Opening it (GET) never unsubscribes: mail scanners open
// every link. A POST does: the page's button, or the mail client's one-click POST (RFC 8058:
// `List-Unsubscribe=One-Click`), which the write guard lets through from any origin on this path. Opening the
// page is rate limited per client; the POST is not: a mail service sends every one-click unsubscribe of its
// users from a few addresses, and the 256-bit token cannot be guessed.

export const meta: Route.MetaFunction = ({ matches }) => {
  const company = (matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined)
    ?.settings.companyName;
  const title = translateFromMatches(matches)("Unsubscribe");
  return [
    { title: company ? `${title} | ${company}` : title },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
};

export const headers: Route.HeadersFunction = secretPageHeaders;

export function loader({ params, context, request }: Route.LoaderArgs) {
  return loadUnsubscribePage({ request, context, token: params.token });
}

export function action({ params, context }: Route.ActionArgs) {
  return unsubscribePageAction({ context, token: params.token });
}

// The component as it is, not inside a function of this module: the page's script carries no more for being
// split in a route and a page (the check keeps its props those of the route).
export default UnsubscribePage satisfies (props: Route.ComponentProps) => ReactNode;
