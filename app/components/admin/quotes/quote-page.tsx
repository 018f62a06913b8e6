// A quote request's quote page (docs/decisions/016): the request, booking, the editor of the next version and the
// versions sent so far, each a card of its own module; this page lays them out and hands them the loader data and
// the action's errors.
import { ArrowLeft } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { QuoteBookingCard } from "#app/components/admin/quotes/quote-booking-card.tsx";
import { QuoteEditor } from "#app/components/admin/quotes/quote-editor.tsx";
import { QuoteRequestCard } from "#app/components/admin/quotes/quote-request-card.tsx";
import { QuoteVersionCard } from "#app/components/admin/quotes/quote-version-card.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import type { QuotePageData as Data, QuoteActionData } from "#app/server/quotes/quote-views.ts";

export function QuotePage({ data, actionData }: { data: Data; actionData: QuoteActionData | undefined }) {
  const { request, versions } = data;
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? data.values;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <Link
          to={`/admin/quote-requests/${request.id}`}
          className={buttonClass({ variant: "ghost", size: "sm", className: "-ml-3" })}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-slate-900">Quote</h1>
        <p className="mt-1 break-words text-slate-600">
          {request.name} · {request.email} · {request.route} · {request.parcelType} · {request.weight}
        </p>
        <p className="mt-2 text-sm">
          Stage: <Badge tone="blue">{request.stage}</Badge>
        </p>
      </div>

      <QuoteRequestCard request={request} />

      {errors.form ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {errors.form}
        </p>
      ) : null}

      <QuoteBookingCard request={request} versions={versions} busy={busy} />

      {data.canEdit ? (
        <QuoteEditor
          key={JSON.stringify(values)}
          values={values}
          errors={errors}
          today={data.today}
          busy={busy}
          hasDraft={data.hasDraft}
          editingSent={!data.hasDraft && versions.length > 0}
        />
      ) : null}

      {versions.length > 0 ? (
        <section aria-labelledby="versions-title" className="flex flex-col gap-4">
          <h2 id="versions-title" className="text-xl font-semibold text-slate-900">
            Versions
          </h2>
          {versions.map((quote) => (
            <QuoteVersionCard
              key={quote.id}
              quote={quote}
              pdfHref={`/admin/quote-requests/${request.id}/quote.pdf?version=${quote.version}`}
            />
          ))}
        </section>
      ) : null}
    </div>
  );
}
