import { ArrowLeft } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { InvoiceDocument } from "#app/components/admin/invoices/invoice-document.tsx";
import { FORM_INTENTS, InvoiceEditor } from "#app/components/admin/invoices/invoice-form.tsx";
import { InvoiceStatusBadge } from "#app/components/admin/invoices/invoice-status-badge.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/dialog.tsx";
import type {
  InvoiceActionData,
  InvoiceFormData,
  InvoicePageData,
  NewInvoicePageData,
} from "#app/server/invoices/invoice-views.ts";

function BackLink() {
  return (
    <Link to="/admin/invoices" className={buttonClass({ variant: "ghost", size: "sm", className: "-ml-3" })}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Invoices
    </Link>
  );
}

/** Where a draft comes from: the quote, the invoice it credits. */
function Origin({ form }: { form: InvoiceFormData }) {
  if (!form.quote && !form.creditedInvoice) return null;
  return (
    <p className="mt-1 text-sm text-slate-600">
      {form.creditedInvoice ? (
        <>
          Corrects invoice{" "}
          <Link to={`/admin/invoices/${form.creditedInvoice.id}`} className="text-brand-700 underline">
            {form.creditedInvoice.label}
          </Link>
          : remove the lines that stay as invoiced, or lower their amounts.
        </>
      ) : form.quote ? (
        <>
          From the accepted{" "}
          <Link to={form.quote.id} className="text-brand-700 underline">
            {form.quote.label.toLowerCase()}
          </Link>
          .
        </>
      ) : null}
    </p>
  );
}

const editorKey = (actionData: InvoiceActionData | undefined, form: InvoiceFormData) =>
  JSON.stringify(actionData?.values ?? form.values);

export function NewInvoicePage({
  data,
  actionData,
}: {
  data: NewInvoicePageData;
  actionData: InvoiceActionData | undefined;
}) {
  const { form, problem } = data;
  const title = form.kind === "credit_note" ? "New credit note" : "New invoice";
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <BackLink />
        <h1 className="mt-2 text-3xl font-bold text-slate-900">{title}</h1>
        <Origin form={form} />
      </div>
      {problem ? (
        <div
          role="alert"
          className="rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <p>{problem}</p>
          <p className="mt-2">
            <Link to="/admin/invoices/new" className="font-medium underline">
              Start a blank invoice instead
            </Link>
          </p>
        </div>
      ) : (
        <InvoiceEditor
          key={editorKey(actionData, form)}
          form={form}
          values={actionData?.values ?? form.values}
          errors={actionData?.errors ?? {}}
        />
      )}
    </div>
  );
}

export function InvoicePage({
  data,
  actionData,
}: {
  data: InvoicePageData;
  actionData: InvoiceActionData | undefined;
}) {
  if (data.mode === "document")
    return <InvoiceDocument document={data.document} payments={data.payments} actionData={actionData} />;
  const { form } = data;
  const noun = form.kind === "credit_note" ? "credit note" : "invoice";
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <BackLink />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold text-slate-900">
            {form.kind === "credit_note" ? "Draft credit note" : "Draft invoice"}
          </h1>
          <InvoiceStatusBadge status="draft" />
        </div>
        <Origin form={form} />
        {form.canIssue ? null : (
          <p className="mt-1 text-sm text-slate-600">
            Accounts or an Administrator issues it once it is ready.
          </p>
        )}
      </div>
      <InvoiceEditor
        key={editorKey(actionData, form)}
        form={form}
        values={actionData?.values ?? form.values}
        errors={actionData?.errors ?? {}}
      />
      <div className="flex justify-end">
        <DeleteDraft noun={noun} />
      </div>
    </div>
  );
}

/** 'Delete draft', confirmed: its own form, outside the draft's. */
export function DeleteDraft({ noun }: { noun: string }) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === FORM_INTENTS.delete;
  return (
    <ConfirmDialog
      trigger={<Button variant="danger">Delete draft</Button>}
      title="Delete this draft?"
      description={`The draft ${noun} and its lines are deleted. This cannot be undone.`}
    >
      <Form method="post">
        <input type="hidden" name="intent" value={FORM_INTENTS.delete} />
        <Button type="submit" variant="danger" className="w-full" disabled={deleting}>
          {deleting ? "Deleting..." : "Delete draft"}
        </Button>
      </Form>
    </ConfirmDialog>
  );
}
