import { data, type RouterContextProvider } from "react-router";
import { mayIssueInvoices, type StaffRole } from "#app/lib/roles.ts";
import { EMAIL_MESSAGE, emailErrors } from "#app/schemas/rules/form-rules.ts";
import { SUBMISSION_KEY_FIELD } from "#app/schemas/rules/public-form.ts";
import { SEND_REFUSALS, sendInvoice } from "#app/server/invoices/invoice-sending.server.ts";
import type {
  InvoiceSendActionData,
  InvoiceSendPageData,
  InvoiceSendView,
} from "#app/server/invoices/invoice-views.ts";
import { getInvoice, type Invoice } from "#app/server/invoices/invoices.server.ts";
import { newSubmissionKey, SUBMISSION_KEY_PATTERN } from "#app/server/platform/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { notFound, requireStaffForm, requireStaffPage } from "#app/server/staff/staff-page.server.ts";

// /admin/invoices/:id/send (decision 026): the 'Send' form of an issued invoice (also on the invoice's page) and
// its action. Administrators and Accounts only, like issuing and voiding; checked here on every request.

type Ctx = Readonly<RouterContextProvider>;

/** The 'Send' form of an invoice, with a fresh key; null when it cannot be sent, or not by this role. */
export function sendView(
  invoice: Pick<Invoice, "id" | "kind" | "state" | "number" | "customerEmail">,
  role: StaffRole,
): InvoiceSendView | null {
  if (!mayIssueInvoices(role) || invoice.state !== "issued") return null;
  return {
    id: invoice.id,
    kind: invoice.kind,
    number: invoice.number ?? "",
    key: newSubmissionKey(),
    to: invoice.customerEmail ?? "",
  };
}

const FORBIDDEN = "Only Accounts and Administrators may send invoices.";

export async function loadSendInvoicePage({
  request,
  context,
  id,
}: {
  request: Request;
  context: Ctx;
  id: string;
}): Promise<InvoiceSendPageData> {
  const { user, services } = await requireStaffPage({ request, context, id });
  if (!mayIssueInvoices(user.role)) throw data(FORBIDDEN, { status: 403 });
  const invoice = await getInvoice({ db: services.db, id });
  if (!invoice) notFound();
  const send = sendView(invoice, user.role);
  if (!send) {
    throw data(SEND_REFUSALS[invoice.state === "void" ? "void" : "draft"], { status: 409 });
  }
  return { send };
}

export async function sendInvoicePageAction({
  request,
  context,
  id,
}: {
  request: Request;
  context: Ctx;
  id: string;
}) {
  const { user, services, formData } = await requireStaffForm({ request, context, id });
  const typed = formData?.get("to");
  const to = typeof typed === "string" ? typed.trim().slice(0, 1000) : "";
  const reply = (errors: InvoiceSendActionData["errors"], status: number) =>
    data<InvoiceSendActionData>({ errors, to }, { status });
  if (!mayIssueInvoices(user.role)) return reply({ form: FORBIDDEN }, 403);
  const key = formData?.get(SUBMISSION_KEY_FIELD);
  if (
    !formData ||
    typeof key !== "string" ||
    !SUBMISSION_KEY_PATTERN.test(key) ||
    formData.getAll("to").length > 1
  )
    return reply({ form: "The form could not be read. Please reload the page and try again." }, 400);
  if (to !== "" && emailErrors(to).length > 0) return reply({ to: EMAIL_MESSAGE }, 400);
  const { db, config, logger, siteSettings } = services;
  const sent = await sendInvoice({
    db,
    config,
    logger,
    id,
    to,
    submissionKey: key,
    staffId: user.id,
    settings: await siteSettings.get(),
  });
  if (!sent.ok) {
    if (sent.reason === "not-found") notFound();
    if (sent.reason === "no-email" || sent.reason === "email-turned-off" || sent.reason === "mail-refused")
      return reply({ to: sent.message || EMAIL_MESSAGE }, 400);
    return reply({ form: sent.message }, 409);
  }
  if (sent.created) logger.info({ invoiceId: id }, "Invoice sent");
  return redirectWithToast(
    `/admin/invoices/${id}`,
    sent.mailQueued
      ? { type: "success", title: `Sent to ${sent.to}` }
      : { type: "error", title: `Not sent to ${sent.to}: no mail server is set up for this site` },
  );
}
