import { CodePage } from "#app/components/account/sign-in/code-page.tsx";
import { localizedSeo } from "#app/lib/seo.ts";
import {
  codePageAction,
  loadCodePage,
  signInPageHeaders,
} from "#app/server/customers/customer-sign-in-pages.server.ts";
import type { Route } from "./+types/code";

// The second step of signing in: the 6-digit (or 8-digit) code, checked against the attempt this browser holds.

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, {
    title: "Enter your code",
    description: "Sign in to your account.",
    path: "/account/code",
    noindex: true,
  });

export function loader({ request, context }: Route.LoaderArgs) {
  return loadCodePage({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return codePageAction({ request, context });
}

export const headers: Route.HeadersFunction = signInPageHeaders;

export default function AccountCode({ loaderData, actionData }: Route.ComponentProps) {
  return <CodePage data={loaderData} reply={actionData} />;
}
