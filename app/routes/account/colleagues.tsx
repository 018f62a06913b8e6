import { ColleaguesPage } from "#app/components/account/members/colleagues-page.tsx";
import { localizedSeo } from "#app/lib/seo.ts";
import {
  colleaguesPageAction,
  loadColleaguesPage,
} from "#app/server/customers/customer-member-pages.server.ts";
import type { Route } from "./+types/colleagues";

// The people of the customer's company who may sign in. A member who may invite adds a colleague
// here; the company is always the signed-in member's own, never one named by the form.

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, {
    title: "Colleagues",
    description: "Who may sign in to your account.",
    path: "/account/colleagues",
    noindex: true,
  });

export function loader({ request, context }: Route.LoaderArgs) {
  return loadColleaguesPage({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return colleaguesPageAction({ request, context });
}

export default function Colleagues({ loaderData, actionData }: Route.ComponentProps) {
  return <ColleaguesPage data={loaderData} reply={actionData} />;
}
