import { and, eq, gt, isNotNull, sql, TransactionRollbackError } from "drizzle-orm";
import { companyToday } from "#app/lib/time-zone.ts";
import { addDaysToDate } from "#app/lib/transit-time.ts";
import type { SiteSettings } from "#app/schemas/site-settings.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import { consignees, invoiceEvents, invoices, shippers } from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { mailWords, recipientLocale } from "#app/server/i18n/customer-mail.server.ts";
import { creditedSql, getInvoiceBalances, paidSql } from "#app/server/invoices/invoice-balances.server.ts";
import { createInvoiceLink, invoicePath } from "#app/server/invoices/invoice-links.server.ts";
import { KEPT_NOTE } from "#app/server/invoices/invoice-sending.server.ts";
import { mailSignature, queueMail } from "#app/server/messaging/mail.server.ts";
import { channelOffReason } from "#app/server/messaging/outbox.server.ts";
import { emailTurnedOff } from "#app/server/notifications/member-preferences.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";
import { getInvoiceSettings } from "#app/server/settings/invoice-settings.server.ts";
import { getSiteSettings } from "#app/server/settings/settings.server.ts";

// Payment reminders (decision 026): the days before and after the due date set in Settings → Invoices, e-mailed
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

type ReminderInvoice = {
  id: string;
  number: string | null;
  dueDate: string | null;
  currency: string;
  customerName: string;
  customerEmail: string;
  partyKind: "shipper" | "consignee" | null;
  partyId: string | null;
  /** What is still owed, in minor units. */
  balance: number;
};

/**
 * The reminder e-mail of an invoice, queued in the caller's transaction with a new link to its page: the
 * scheduled stages and 'Send a reminder now' send this same message.
 */
async function queueReminder({
  tx,
  config,
  logger,
  invoice,
  overdue,
  site,
  dedupeKey,
  staffId,
  now,
}: {
  tx: DbOrTx;
  config: ReminderContext["config"];
  logger: ReminderContext["logger"];
  invoice: ReminderInvoice;
  /** Past its due date: 'was due on', else 'is due on'. */
  overdue: boolean;
  site: Pick<SiteSettings, "companyName" | "email" | "phone">;
  dedupeKey: string;
  staffId: string | null;
  now: Date;
}) {
  const token = await createInvoiceLink({ db: tx, invoiceId: invoice.id, staffId });
  // In the recipient's language (decision 030): the member behind the address, or the billed party.
  const { t, money, date, link } = mailWords(
    await recipientLocale({
      db: tx,
      email: invoice.customerEmail,
      party: { kind: invoice.partyKind, id: invoice.partyId },
    }),
  );
  const facts = {
    number: invoice.number ?? "",
    due: invoice.dueDate ? date(invoice.dueDate) : "",
    amount: money(invoice.balance, invoice.currency),
    company: site.companyName,
  };
  const text = `${t("Dear {name},", { name: invoice.customerName })}

${overdue ? t("Our invoice {number} was due on {due} and {amount} is still unpaid.", facts) : t("A reminder that our invoice {number} is due on {due}: {amount} is still to be paid.", facts)}

${t("To see the invoice, download it and pay it, open:")}
${link(config.siteUrl, invoicePath(token))}

${t("If you have paid already, thank you, and please ignore this message.")}

${mailSignature(site)}`;
  return queueMail({
    db: tx,
    config,
    logger,
    dedupeKey,
    now,
    mail: {
      to: invoice.customerEmail,
      subject: overdue
        ? t("Overdue: invoice {number} from {company}", facts)
        : t("Reminder: invoice {number} from {company} is due on {due}", facts),
      text,
    },
  });
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
    const to = invoice.customerEmail;
    if (!stage || !to) continue;
    // The customer's member behind the address chose no invoice e-mails (decision 029): no reminder either.
    if (await emailTurnedOff({ db, email: to, topic: "invoices" })) continue;
    const dedupeKey = `reminder:${invoice.id}:${stage.key}`;
    const sent = await db.transaction(async (tx) => {
      // The invoice's row is the lock 'Send a reminder now' takes too: a click and the job at the same moment
      // go one after the other, and the click then sees the job's reminder of the last minute.
      await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoice.id)).for("update");
      const [event] = await tx
        .insert(invoiceEvents)
        .values({
          invoiceId: invoice.id,
          kind: "reminded",
          detail: `${stage.label}, to ${to}`,
          dedupeKey,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: invoiceEvents.id });
      if (!event) return false;
      const mail = await queueReminder({
        tx,
        config,
        logger,
        invoice: { ...invoice, customerEmail: to },
        overdue: stage.overdue,
        site,
        dedupeKey,
        staffId: null,
        now,
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

export type RemindNowRefusal =
  | "not-found"
  | "draft"
  | "void"
  | "credit-note"
  | "paid"
  | "no-email"
  | "no-reminders"
  | "email-turned-off"
  | "mail-refused";

export type RemindNowResult =
  | {
      ok: true;
      to: string;
      /** False when a reminder went less than a minute ago (a double click, a second tab): none more was queued. */
      created: boolean;
      /** False without a mail server (SMTP_URL): kept in the outbox, never sent (decision 011). */
      mailQueued: boolean;
    }
  | { ok: false; reason: RemindNowRefusal; message: string };

/** What a clerk reads for each refusal of 'Send a reminder now'. */
export const REMIND_NOW_REFUSALS: Record<Exclude<RemindNowRefusal, "mail-refused">, string> = {
  "not-found": "This invoice does not exist.",
  draft: "A draft is not reminded of: issue and send it first.",
  void: "This invoice was voided: nothing is owed, so no reminder is sent.",
  "credit-note": "A credit note asks for no payment: no reminder is sent.",
  paid: "This invoice is paid: no reminder is sent.",
  "no-email":
    "This invoice has no e-mail address to send a reminder to: send the invoice to an address instead.",
  "no-reminders": "This customer is marked 'No reminders' in the address book: no reminder is sent.",
  "email-turned-off":
    "The customer turned off invoice e-mails to this address in their account's preferences: no reminder is sent.",
};

/** How long a reminder sent from the invoice's page answers a second click instead of sending another. */
export const REMIND_NOW_WINDOW_MS = 60 * 1000;

/** Whether the invoice was reminded (from its page or on schedule) since `since`. */
async function remindedSince(tx: Pick<Db, "select">, invoiceId: string, since: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: invoiceEvents.id })
    .from(invoiceEvents)
    .where(
      and(
        eq(invoiceEvents.invoiceId, invoiceId),
        eq(invoiceEvents.kind, "reminded"),
        gt(invoiceEvents.createdAt, since),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * 'Send a reminder now' on an issued, unpaid invoice: the scheduled reminder's e-mail (queueReminder) with a
 * 'reminded' history row naming the clerk, in one transaction. Once per minute: the invoice's row is locked, so
 * a second click or tab waits, then finds the first's row (younger than REMIND_NOW_WINDOW_MS) and sends nothing;
 * the minute also names the history's and the outbox's dedupe key.
 */
export async function sendReminderNow({
  db,
  config,
  logger,
  id,
  staffId,
  now = new Date(),
}: ReminderContext & { id: string; staffId: string | null }): Promise<RemindNowResult> {
  const refusal = (reason: Exclude<RemindNowRefusal, "mail-refused">) =>
    ({ ok: false, reason, message: REMIND_NOW_REFUSALS[reason] }) as const;
  const mailOn = !channelOffReason({ SMTP_URL: config.SMTP_URL, SMS_ALLOWED_COUNTRIES: [] }, "email");
  // Not an id at all: no invoice (the lookup would fail on it).
  if (!isUuid(id)) return refusal("not-found");
  const site = await getSiteSettings({ db });
  let mailRefusal = "";
  return db
    .transaction(async (tx): Promise<RemindNowResult> => {
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
      if (!invoice) return refusal("not-found");
      if (invoice.kind === "credit_note") return refusal("credit-note");
      if (invoice.state === "draft") return refusal("draft");
      if (invoice.state === "void") return refusal("void");
      const balance = (await getInvoiceBalances({ db: tx, ids: [id] })).get(id)?.balanceMinor ?? 0;
      if (balance <= 0) return refusal("paid");
      const to = invoice.customerEmail?.trim() ?? "";
      if (to === "") return refusal("no-email");
      const party = invoice.partyKind === "consignee" ? consignees : shippers;
      if (invoice.partyId) {
        const [marked] = await tx
          .select({ noReminders: party.noReminders })
          .from(party)
          .where(eq(party.id, invoice.partyId));
        if (marked?.noReminders) return refusal("no-reminders");
      }
      if (await emailTurnedOff({ db: tx, email: to, topic: "invoices" })) return refusal("email-turned-off");
      // Any reminder of the last minute, this page's or the schedule's: a second one would say the same thing.
      if (await remindedSince(tx, id, new Date(now.getTime() - REMIND_NOW_WINDOW_MS)))
        return { ok: true, to, created: false, mailQueued: mailOn };
      const dedupeKey = `reminder:${id}:now-${Math.floor(now.getTime() / REMIND_NOW_WINDOW_MS)}`;
      const [event] = await tx
        .insert(invoiceEvents)
        .values({
          invoiceId: id,
          kind: "reminded",
          detail: `Sent from the invoice's page, to ${mailOn ? to : `${to} (${KEPT_NOTE})`}`,
          staffId,
          dedupeKey,
          createdAt: now,
        })
        .onConflictDoNothing({ target: invoiceEvents.dedupeKey })
        .returning({ id: invoiceEvents.id });
      if (!event) return { ok: true, to, created: false, mailQueued: mailOn };
      const mail = await queueReminder({
        tx,
        config,
        logger,
        invoice: { ...invoice, customerEmail: to, balance },
        overdue: invoice.dueDate !== null && invoice.dueDate < companyToday(site.timeZone, now),
        site,
        dedupeKey,
        staffId,
        now,
      });
      if (!mail.ok) {
        // An address the outbox refuses: nothing is sent and nothing is stored.
        mailRefusal = mail.reason;
        tx.rollback();
      }
      return { ok: true, to, created: true, mailQueued: mail.ok && mail.queued };
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError)
        return { ok: false, reason: "mail-refused", message: mailRefusal } as const;
      throw error;
    });
}
