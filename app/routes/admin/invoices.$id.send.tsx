import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { InvoiceSendForm } from "#app/components/admin/invoices/invoice-send-form.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import { loadSendInvoicePage, sendInvoicePageAction } from "#app/server/invoices/invoice-send-page.server.ts";
import type { Route } from "./+types/invoices.$id.send";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta({ title: "Send invoice", path: location.pathname }, matches);

/** 'Send' of an issued invoice (decision 026): the invoice's page posts here; a refused send shows its form again. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadSendInvoicePage({ request, context, id: params.id });
}

export function action({ request, context, params }: Route.ActionArgs) {
  return sendInvoicePageAction({ request, context, id: params.id });
}

export default function SendInvoiceRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { send } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <Link
          to={`/admin/invoices/${send.id}`}
          className={buttonClass({ variant: "ghost", size: "sm", className: "-ml-3" })}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {send.kind === "credit_note" ? "Credit note" : "Invoice"} {send.number}
        </Link>
        <h1 className="mt-2 break-all text-3xl font-bold text-slate-900">
          {send.kind === "credit_note" ? "Send credit note" : "Send invoice"} {send.number}
        </h1>
      </div>
      <InvoiceSendForm send={send} actionData={actionData} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
