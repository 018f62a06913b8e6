import { and, eq, isNotNull, sql } from "drizzle-orm";
import { addDaysToDate } from "#app/lib/transit-time.ts";
import { emailTurnedOff } from "#app/server/customers/customer-preferences.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { consignees, invoiceEvents, invoices, shippers } from "#app/server/db/schema.ts";
import { mailWords, recipientLocale } from "#app/server/i18n/customer-mail.server.ts";
import { createInvoiceLink, invoicePath } from "#app/server/invoices/invoice-links.server.ts";
import { getInvoiceSettings } from "#app/server/invoices/invoice-settings.server.ts";
import { queueMail } from "#app/server/messaging/mail.server.ts";
import { creditedSql, paidSql } from "#app/server/payments/balances.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";
import { companyToday } from "#app/server/quotes/quotes.server.ts";
import { getSiteSettings } from "#app/server/settings/settings.server.ts";

// Payment reminders (issue 28): the days before and after the due date set in Settings → Invoices, e-mailed
// through the outbox while an issued invoice is unpaid and its customer has an e-mail address and is not marked
// 'No reminders'. Each stage ('3 days before', '7 days after') goes once: its invoice_events row (kind
// 'reminded', dedupe key 'reminder:<invoice>:<stage>') and its message commit together, so several app
// instances or a restart never send it twice. After downtime only the latest stage due goes, not every one
// missed. Run by the notification scheduler's loop (every REMINDER_INTERVAL_MS).

export const REMINDER_INTERVAL_MS = 15 * 60 * 1000;

type ReminderContext = {
  db: Db;
  config: Pick<Config, "SMTP_URL" | "OUTBOX_DIR" | "siteUrl">;
  logger: Pick<Logger, "info" | "warn">;
  now?: Date;
};

type Stage = { key: string; on: string; label: string; overdue: boolean };

/** The latest reminder stage of an invoice due on `dueDate` that has come by `today`; null when none. */
export function dueReminderStage(
  dueDate: string,
  today: string,
  days: { before: readonly number[]; after: readonly number[] },
): Stage | null {
  const stages: Stage[] = [
    ...days.before.map((n) => ({
      key: `before${n}`,
      on: addDaysToDate(dueDate, -n),
      label: `${n} ${n === 1 ? "day" : "days"} before the due date`,
      overdue: false,
    })),
    ...days.after.map((n) => ({
      key: `after${n}`,
      on: addDaysToDate(dueDate, n),
      label: `${n} ${n === 1 ? "day" : "days"} after the due date`,
      overdue: true,
    })),
  ].filter((stage) => stage.on <= today && (stage.overdue || today <= dueDate));
  return stages.sort((a, b) => (a.on < b.on ? 1 : a.on > b.on ? -1 : 0))[0] ?? null;
}

/** Queues the reminders due now; the number queued. */
export async function sendDueReminders({
  db,
  config,
  logger,
  now = new Date(),
}: ReminderContext): Promise<number> {
  const [settings, site] = await Promise.all([getInvoiceSettings({ db }), getSiteSettings({ db })]);
  const days = { before: settings.reminderDaysBefore, after: settings.reminderDaysAfter };
  if (days.before.length === 0 && days.after.length === 0) return 0;
  const today = companyToday(site.timeZone, now);
  const earliestDue = addDaysToDate(today, -Math.max(0, ...days.after));
  const latestDue = addDaysToDate(today, Math.max(0, ...days.before));
  const balance = sql<number>`${invoices.totalMinor} - ${paidSql} - ${creditedSql}`.mapWith(Number);
  const candidates = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      dueDate: invoices.dueDate,
      currency: invoices.currency,
      customerName: invoices.customerName,
      customerEmail: invoices.customerEmail,
      partyKind: invoices.partyKind,
      partyId: invoices.partyId,
      balance,
    })
    .from(invoices)
    .leftJoin(shippers, and(eq(invoices.partyKind, "shipper"), eq(shippers.id, invoices.partyId)))
    .leftJoin(consignees, and(eq(invoices.partyKind, "consignee"), eq(consignees.id, invoices.partyId)))
    .where(
      and(
        eq(invoices.kind, "invoice"),
        eq(invoices.state, "issued"),
        isNotNull(invoices.customerEmail),
        sql`${invoices.dueDate} between ${earliestDue} and ${latestDue}`,
        sql`not coalesce(${shippers.noReminders}, ${consignees.noReminders}, false)`,
        sql`${balance} > 0`,
      ),
    );
  let queued = 0;
  for (const invoice of candidates) {
    const stage = dueReminderStage(invoice.dueDate!, today, days);
    if (!stage || !invoice.customerEmail) continue;
    // The customer's member behind the address chose no invoice e-mails (issue 29): no reminder either.
    if (await emailTurnedOff({ db, email: invoice.customerEmail, topic: "invoices" })) continue;
    const dedupeKey = `reminder:${invoice.id}:${stage.key}`;
    const sent = await db.transaction(async (tx) => {
      const [event] = await tx
        .insert(invoiceEvents)
        .values({
          invoiceId: invoice.id,
          kind: "reminded",
          detail: `${stage.label}, to ${invoice.customerEmail}`,
          dedupeKey,
        })
        .onConflictDoNothing()
        .returning({ id: invoiceEvents.id });
      if (!event) return false;
      const token = await createInvoiceLink({ db: tx, invoiceId: invoice.id, staffId: null });
      // In the recipient's language (issue 30): the member behind the address, or the billed party.
      const { t, money, date, link } = mailWords(
        await recipientLocale({
          db: tx,
          email: invoice.customerEmail,
          party: { kind: invoice.partyKind, id: invoice.partyId },
        }),
      );
      const facts = {
        number: invoice.number ?? "",
        due: date(invoice.dueDate!),
        amount: money(invoice.balance, invoice.currency),
        company: site.companyName,
      };
      const text = `${t("Dear {name},", { name: invoice.customerName })}

${stage.overdue ? t("Our invoice {number} was due on {due} and {amount} is still unpaid.", facts) : t("A reminder that our invoice {number} is due on {due}: {amount} is still to be paid.", facts)}

${t("To see the invoice, download it and pay it, open:")}
${link(config.siteUrl, invoicePath(token))}

${t("If you have paid already, thank you, and please ignore this message.")}

${site.companyName}
${site.email}${site.phone ? ` · ${site.phone}` : ""}`;
      const mail = await queueMail({
        db: tx,
        config,
        logger,
        dedupeKey,
        now,
        mail: {
          to: invoice.customerEmail!,
          subject: stage.overdue
            ? t("Overdue: invoice {number} from {company}", facts)
            : t("Reminder: invoice {number} from {company} is due on {due}", facts),
          text,
        },
      });
      if (!mail.ok) {
        // An address the outbox refuses: the stage is kept as tried (with why), so it is not retried forever.
        await tx
          .update(invoiceEvents)
          .set({ detail: `${stage.label}: not sent (${mail.reason})` })
          .where(eq(invoiceEvents.id, event.id));
        logger.warn({ invoiceId: invoice.id, reason: mail.reason }, "Invoice reminder not sent");
        return false;
      }
      return true;
    });
    if (sent) queued++;
  }
  if (queued > 0) logger.info({ queued }, "Invoice reminders queued");
  return queued;
}
