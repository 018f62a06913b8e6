import { SignInPage } from "#app/components/account/sign-in/sign-in-page.tsx";
import { localizedSeo } from "#app/lib/seo.ts";
import {
  loadSignInPage,
  signInPageAction,
  signInPageHeaders,
} from "#app/server/customers/customer-sign-in-pages.server.ts";
import type { Route } from "./+types/sign-in";

// The customer account's door: an e-mail address or, when SMS is on, a mobile number, and a code
// sent to it. No password. The answer is the same whether or not the address has an account.

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, {
    title: "Sign in to your account",
    description: "Your shipments, documents, quotes and invoices in one place.",
    path: "/account",
    noindex: true,
  });

export function loader({ request, context }: Route.LoaderArgs) {
  return loadSignInPage({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return signInPageAction({ request, context });
}

export const headers: Route.HeadersFunction = signInPageHeaders;

export default function AccountSignIn({ loaderData, actionData }: Route.ComponentProps) {
  return <SignInPage data={loaderData} reply={actionData} />;
}
