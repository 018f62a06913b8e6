import { eq, TransactionRollbackError } from "drizzle-orm";
import type { SiteSettings } from "#app/schemas/site-settings.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { invoiceEvents, invoices } from "#app/server/db/schema.ts";
import { documentCompany } from "#app/server/documents/document-context.server.ts";
import { type MailWords, mailWords, recipientLocale } from "#app/server/i18n/customer-mail.server.ts";
import { getInvoiceBalances } from "#app/server/invoices/invoice-balances.server.ts";
import { createInvoiceLink, invoicePath } from "#app/server/invoices/invoice-links.server.ts";
import { renderInvoicePdf } from "#app/server/invoices/invoice-pdf.server.ts";
import { type Mail, mailSignature, queueMail } from "#app/server/messaging/mail.server.ts";
import { channelOffReason } from "#app/server/messaging/outbox.server.ts";
import { emailTurnedOff } from "#app/server/notifications/member-preferences.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";

// 'Send' on an issued invoice (decision 026): the e-mail through the outbox with the PDF attached (its QR code and
// the link of a new `/invoice/:token`), and a 'sent' row in the invoice's history, in one transaction. A credit
// note is sent the same way, to the billed party in their language, with its PDF and no link. Exactly
// once: the send form's own random key names both the outbox row and the history row, so a double click or the
// same form posted from two tabs queues one e-mail; a second send is a new form, a new key.

export type SendInvoiceRefusal =
  | "not-found"
  | "draft"
  | "void"
  | "no-email"
  | "email-turned-off"
  | "mail-refused";

export type SendInvoiceResult =
  | {
      ok: true;
      /** Where it went (for a repeated post: where the first one sent it). */
      to: string;
      /** False when this form was posted before: nothing more was queued. */
      created: boolean;
      /** False without a mail server (SMTP_URL): the e-mail is kept in the outbox, never sent (decision 011). */
      mailQueued: boolean;
    }
  | { ok: false; reason: SendInvoiceRefusal; message: string };

/** What a clerk reads for each refusal. */
export const SEND_REFUSALS: Record<Exclude<SendInvoiceRefusal, "mail-refused">, string> = {
  "not-found": "This invoice does not exist.",
  draft: "A draft is not sent: issue it first.",
  void: "This invoice was voided: it is not sent.",
  "no-email": "This customer has no e-mail address: enter the address to send it to.",
  "email-turned-off":
    "The customer turned off invoice e-mails to this address in their account's preferences: enter another address, or give them the invoice another way.",
};

/** What the history says of a sending without a mail server: the e-mail was kept, not sent. */
export const KEPT_NOTE = "kept in the outbox, not sent: no mail server is set up for this site";

const refusal = (reason: Exclude<SendInvoiceRefusal, "mail-refused">) =>
  ({ ok: false, reason, message: SEND_REFUSALS[reason] }) as const;

/** The outbox's and the history's keys of one send form. */
export const sendKeys = (submissionKey: string) => ({
  outbox: `invoice-send:${submissionKey}`,
  event: `invoice-sent:${submissionKey}`,
});

export async function sendInvoice({
  db,
  config,
  logger,
  id,
  to,
  submissionKey,
  staffId,
  settings,
  now = new Date(),
}: {
  db: Db;
  config: Pick<Config, "SMTP_URL" | "OUTBOX_DIR" | "siteUrl">;
  logger: Pick<Logger, "info">;
  id: string;
  /** The address the clerk typed; empty: the invoice's customer e-mail. Checked by the caller. */
  to: string;
  submissionKey: string;
  staffId: string | null;
  settings: Pick<SiteSettings, "companyName" | "timeZone" | "email" | "phone" | "address">;
  now?: Date;
}): Promise<SendInvoiceResult> {
  const mailOn = !channelOffReason({ SMTP_URL: config.SMTP_URL, SMS_ALLOWED_COUNTRIES: [] }, "email");
  const keys = sendKeys(submissionKey);
  let mailRefusal = "";
  return db
    .transaction(async (tx): Promise<SendInvoiceResult> => {
      // The invoice's row first: a void in another tab waits for this send, or this send sees it void.
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
      if (!invoice) return refusal("not-found");
      if (invoice.state === "draft") return refusal("draft");
      if (invoice.state === "void") return refusal("void");
      const recipient = to.trim() || invoice.customerEmail?.trim() || "";
      if (recipient === "") return refusal("no-email");
      // The customer's member behind the address chose no invoice e-mails (decision 029).
      if (await emailTurnedOff({ db: tx, email: recipient, topic: "invoices" }))
        return refusal("email-turned-off");
      // The form's key, once: a second post of it (waiting here while the first commits) finds the first.
      const [event] = await tx
        .insert(invoiceEvents)
        .values({
          invoiceId: id,
          kind: "sent",
          // To whom; without a mail server, also that it was kept (as the outbox keeps it, decision 011).
          detail: mailOn ? recipient : `${recipient} (${KEPT_NOTE})`,
          staffId,
          dedupeKey: keys.event,
          createdAt: now,
        })
        .onConflictDoNothing({ target: invoiceEvents.dedupeKey })
        .returning({ id: invoiceEvents.id });
      if (!event) {
        const [first] = await tx
          .select({ detail: invoiceEvents.detail })
          .from(invoiceEvents)
          .where(eq(invoiceEvents.dedupeKey, keys.event));
        return {
          ok: true,
          to: first?.detail?.replace(` (${KEPT_NOTE})`, "") ?? recipient,
          created: false,
          mailQueued: mailOn,
        };
      }
      // In the recipient's language (decision 030): the member behind the address, or the billed party.
      const words = mailWords(
        await recipientLocale({
          db: tx,
          email: recipient,
          party: { kind: invoice.partyKind, id: invoice.partyId },
        }),
      );
      // A credit note asks for no payment, and the customer's page opens invoices only: it goes without a link.
      const creditNote = invoice.kind === "credit_note";
      const link = creditNote
        ? null
        : words.link(
            config.siteUrl,
            invoicePath(await createInvoiceLink({ db: tx, invoiceId: id, staffId })),
          );
      // The PDF as sent (the link's QR code on it): every attempt sends these bytes. A failed render throws,
      // and nothing is stored.
      const rendered = await renderInvoicePdf({
        db: tx,
        id,
        link,
        context: {
          company: documentCompany(settings),
          siteUrl: config.siteUrl,
          now,
          timeZone: settings.timeZone,
          // In the e-mail's language, as its link is: the member behind the address may read another than the party.
          locale: words.locale,
        },
      });
      if (!rendered) return refusal("not-found");
      const queued = await queueMail({
        db: tx,
        config,
        logger,
        mail: {
          ...(link === null
            ? creditNoteMail({
                creditNote: invoice,
                correctedNumber: await correctedNumber(tx, invoice.creditedInvoiceId),
                recipient,
                settings,
                words,
              })
            : invoiceMail({
                invoice,
                recipient,
                link,
                settings,
                balance: await invoiceBalance(tx, id),
                words,
              })),
          attachments: [
            { filename: rendered.filename, contentType: "application/pdf", content: rendered.pdf },
          ],
        },
        dedupeKey: keys.outbox,
        now,
      });
      if (!queued.ok) {
        // An address the outbox refuses: nothing is sent and nothing is stored.
        mailRefusal = queued.reason;
        tx.rollback();
      }
      return { ok: true, to: recipient, created: true, mailQueued: queued.ok && queued.queued };
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError)
        return { ok: false, reason: "mail-refused", message: mailRefusal } as const;
      throw error;
    });
}

async function correctedNumber(tx: Pick<Db, "select">, id: string | null) {
  if (!id) return "";
  const [row] = await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, id));
  return row?.number ?? "";
}

/** A credit note's e-mail: what it is and which invoice it corrects; its PDF is attached. */
function creditNoteMail({
  creditNote,
  correctedNumber,
  recipient,
  settings,
  words: { t, money, date },
}: {
  creditNote: typeof invoices.$inferSelect;
  correctedNumber: string;
  recipient: string;
  settings: Pick<SiteSettings, "companyName" | "email" | "phone">;
  words: MailWords;
}): Mail {
  const company = settings.companyName;
  const facts = {
    number: creditNote.number ?? "",
    date: creditNote.issueDate ? date(creditNote.issueDate) : "",
    total: money(creditNote.totalMinor, creditNote.currency),
    invoice: correctedNumber,
  };
  const text = `${t("Dear {name},", { name: creditNote.customerName })}

${t("Please find attached our credit note {number} of {date} for {total}, which corrects our invoice {invoice}.", facts)}

${t("Thank you for your business.")}

${mailSignature(settings)}`;
  return {
    to: recipient,
    subject: t("Credit note {number} from {company}", { number: facts.number, company }),
    text,
  };
}

async function invoiceBalance(tx: Parameters<typeof getInvoiceBalances>[0]["db"], id: string) {
  return (await getInvoiceBalances({ db: tx, ids: [id] })).get(id)?.balanceMinor ?? 0;
}

function invoiceMail({
  invoice,
  recipient,
  link,
  settings,
  balance,
  words: { t, money, date },
}: {
  invoice: typeof invoices.$inferSelect;
  recipient: string;
  link: string;
  settings: Pick<SiteSettings, "companyName" | "email" | "phone">;
  /** What is still to be paid: the total less credit notes and payments, as the PDF and the page say. */
  balance: number;
  /** The recipient's language (decision 030). */
  words: MailWords;
}): Mail {
  const company = settings.companyName;
  const facts = {
    number: invoice.number ?? "",
    date: invoice.issueDate ? date(invoice.issueDate) : "",
    total: money(invoice.totalMinor, invoice.currency),
  };
  const attached = invoice.dueDate
    ? t("Please find attached our invoice {number} of {date} for {total}, due on {due}.", {
        ...facts,
        due: date(invoice.dueDate),
      })
    : t("Please find attached our invoice {number} of {date} for {total}.", facts);
  // Sent after a credit note or a payment: the e-mail names what is left, as the attached PDF does.
  const left =
    balance === invoice.totalMinor
      ? ""
      : balance === 0
        ? ` ${t("It is paid: thank you.")}`
        : ` ${t("After credit notes and payments, {amount} is still to be paid.", { amount: money(balance, invoice.currency) })}`;
  const text = `${t("Dear {name},", { name: invoice.customerName })}

${attached}${left}

${t("To see it online, download it as a PDF and pay, open:")}
${link}
${invoice.paymentInstructions?.trim() ? `\n${t("How to pay:")}\n${invoice.paymentInstructions.trim()}\n` : ""}
${t("Thank you for your business.")}

${mailSignature(settings)}`;
  return {
    to: recipient,
    subject: t("Invoice {number} from {company}", { number: facts.number, company }),
    text,
  };
}
