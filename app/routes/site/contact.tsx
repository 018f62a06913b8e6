import { ContactPage } from "#app/components/site/contact/contact-page.tsx";
import { localizedSeo } from "#app/lib/seo.ts";
import { contactPageAction, loadContactPage } from "#app/server/customers/contact-page.server.ts";
import { formPageHeaders } from "#app/server/platform/forms.server.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, {
    title: "Contact Us",
    description: args.loaderData?.copy.description ?? "",
    path: "/contact",
  });

/** The message form and the quote form, this one filled in for a signed-in customer (contact-page.server.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadContactPage({ request, context });
}

/** Both forms post here; the hidden `intent` field says which one. */
export function action({ request, context }: Route.ActionArgs) {
  return contactPageAction({ request, context });
}

export const headers: Route.HeadersFunction = formPageHeaders;

// The page component is the route's own export, not wrapped in one more function: /contact is at its JavaScript
// budget (docs/decisions/023-public-page-weight.md).
export default ContactPage;
