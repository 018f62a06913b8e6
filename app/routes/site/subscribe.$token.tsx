import type { ReactNode } from "react";
import { SubscribePage } from "#app/components/site/notifications/subscribe-page.tsx";
import { secretPageHeaders } from "#app/lib/secret-page-headers.ts";
import { translateFromMatches } from "#app/lib/seo.ts";
import type { RootData } from "#app/root.tsx";
import { loadSubscribePage, subscribePageAction } from "#app/server/notifications/subscribe-page.server.ts";
import type { Route } from "./+types/subscribe.$token";

// The link of a 'Get updates' confirmation e-mail (decision 014). Opening it (GET) confirms nothing: mail
// scanners open every link. The page's 'Confirm' button (a POST) does, as long as the link has not expired
// (24 hours) and the shipment has fewer than 10 confirmed subscribers.

export const meta: Route.MetaFunction = ({ matches }) => {
  const company = (matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined)
    ?.settings.companyName;
  const title = translateFromMatches(matches)("Confirm updates");
  return [
    { title: company ? `${title} | ${company}` : title },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
};

export const headers: Route.HeadersFunction = secretPageHeaders;

export function loader({ params, context, request }: Route.LoaderArgs) {
  return loadSubscribePage({ request, context, token: params.token });
}

export function action({ params, context }: Route.ActionArgs) {
  return subscribePageAction({ context, token: params.token });
}

// The component as it is, not inside a function of this module: the page's script carries no more for being
// split in a route and a page (the check keeps its props those of the route).
export default SubscribePage satisfies (props: Route.ComponentProps) => ReactNode;
