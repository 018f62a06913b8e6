import { PreferencesPage } from "#app/components/account/members/preferences-page.tsx";
import { localizedSeo } from "#app/lib/seo.ts";
import {
  loadPreferencesPage,
  preferencesPageAction,
} from "#app/server/customers/customer-member-pages.server.ts";
import type { Route } from "./+types/preferences";

// A member's own settings: which messages they get, on which channels, and their language (decision 030:
// their messages, and the account's pages after signing in; choosing another one opens this page in it).
// SMS and WhatsApp are offered only when they are set up here and the member has a mobile number.

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, {
    title: "Preferences",
    description: "Which messages you get, and how.",
    path: "/account/preferences",
    noindex: true,
  });

export function loader({ request, context }: Route.LoaderArgs) {
  return loadPreferencesPage({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return preferencesPageAction({ request, context });
}

export default function Preferences({ loaderData, actionData }: Route.ComponentProps) {
  return <PreferencesPage data={loaderData} reply={actionData} />;
}
