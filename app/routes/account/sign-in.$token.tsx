import { SignInLinkPage } from "#app/components/account/sign-in/sign-in-link-page.tsx";
import { secretPageHeaders } from "#app/lib/secret-page-headers.ts";
import { localizedSeo } from "#app/lib/seo.ts";
import {
  loadSignInLinkPage,
  signInLinkPageAction,
} from "#app/server/customers/customer-sign-in-pages.server.ts";
import type { Route } from "./+types/sign-in.$token";

// The sign-in link of the code e-mail. Opening it signs nobody in: mail scanners open links before
// people do. The page's button does, once.

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, {
    title: "Sign in to your account",
    description: "Sign in to your account.",
    path: "/account",
    noindex: true,
  });

export function loader({ params, request, context }: Route.LoaderArgs) {
  return loadSignInLinkPage({ request, context, token: params.token });
}

export function action({ params, request, context }: Route.ActionArgs) {
  return signInLinkPageAction({ request, context, token: params.token });
}

export const headers: Route.HeadersFunction = secretPageHeaders;

export default function AccountSignInLink({ loaderData, actionData }: Route.ComponentProps) {
  return <SignInLinkPage data={loaderData} reply={actionData} />;
}
