import { Link } from "react-router";
import { QuoteForm } from "#app/components/site/forms/quote-form.tsx";
import { servicesContext } from "#app/context.ts";
import { seo } from "#app/lib/seo.ts";
import type { AccountQuoteRequestData } from "#app/server/customers/customer-billing-views.ts";
import { getCustomer, requireCustomer } from "#app/server/customers/customer-guards.server.ts";
import { quoteRequestPrefill } from "#app/server/customers/customer-quotes.server.ts";
import {
  formPageHeaders,
  newSubmissionKey,
  readFormData,
  readIntent,
  unreadableFormReply,
} from "#app/server/platform/forms.server.ts";
import { submitQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";
import type { Route } from "./+types/quote-request";

// 'Ask for a quote' from the account (issue 29): the public quote form, its rules and its messages, with the
// customer's details filled in; 'book again' (?from=<tracking number> of one of the company's shipments) fills in
// that shipment's route and cargo too. It stores the request as the public form does (submitPublicForm).

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(
    { title: "Ask for a quote", description: "", path: "/account/quote-request", noindex: true },
    matches[0]?.loaderData,
  );

export async function loader({ request, context }: Route.LoaderArgs): Promise<AccountQuoteRequestData> {
  const customer = getCustomer(context);
  const { db } = context.get(servicesContext);
  const from = new URL(request.url).searchParams.get("from");
  const { prefill, bookAgain } = await quoteRequestPrefill({ db, customer, trackingNumber: from });
  return { prefill, bookAgain, submissionKey: newSubmissionKey() };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireCustomer({ request, context });
  const formData = await readFormData(request);
  if (!formData || readIntent(formData) !== "quote") return unreadableFormReply();
  return submitQuoteRequest({ context, formData });
}

export const headers: Route.HeadersFunction = formPageHeaders;

export default function AccountQuoteRequest({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="quote-request-title" className="flex max-w-3xl flex-col gap-4">
      <h1 id="quote-request-title" className="text-2xl font-bold text-brand-900">
        Ask for a quote
      </h1>
      <p className="text-slate-700">
        {loaderData.bookAgain
          ? "The route and cargo of your shipment are filled in: change what is different this time."
          : "Your details are filled in. Tell us the route and the cargo."}
      </p>
      {actionData?.outcome === "success" ? (
        <p>
          <Link to="/account/quotes" className="font-medium text-brand-700 underline">
            See your quotes
          </Link>
        </p>
      ) : null}
      <QuoteForm
        reply={actionData}
        submissionKey={loaderData.submissionKey}
        action="/account/quote-request#quote-form"
        start={loaderData.prefill}
      />
    </section>
  );
}
