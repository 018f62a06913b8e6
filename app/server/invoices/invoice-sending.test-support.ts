// Tests' fixture for sending invoices (docs/decisions/026-invoices.md) on a real database: services with a test
// mail server, the accounts clerk who sends, and the sending as the send page calls it, with the e-mail it
// queues and the customer's link in it, which the sending, the customer's page and the history's tests all
// start from.
import { eq, sql } from "drizzle-orm";
import { type invoiceEvents, type invoiceLinks, outbox } from "#app/server/db/schema.ts";
import { sendInvoice, sendKeys } from "#app/server/invoices/invoice-sending.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

export const SITE = "https://freight.example";
export const TODAY = "2026-11-20";
export const settings = {
  companyName: "Unitrans",
  timeZone: "Africa/Monrovia",
  email: "accounts@unitrans.example",
  phone: "+231 555 0100",
  address: "Freeport of Monrovia",
};

/** How many send keys newKey has made (a live binding: importers read the current count). */
export let serial = 0;
/** A new send form's submission key. */
export const newKey = () => `send-key-${++serial}-${crypto.randomUUID()}`;

/** The customer's link in an e-mail's text, and its token. */
export const linkIn = (text: string) => new RegExp(`${SITE}/invoice/([A-Za-z0-9_-]{43})`).exec(text);

/**
 * A test file's services on a fresh database, sending through a test mail server (the outbox not started, so
 * the queued e-mails stay to be read), and the accounts clerk Musu Clerk who sends; `close` stops both.
 */
export async function openInvoiceSending() {
  const smtp = await startSmtpTestServer();
  try {
    const services = await createTestServices(
      { SMTP_URL: smtp.url, SITE_URL: SITE },
      { outbox: { autostart: false } },
    );
    const staff = await createAdminUser({
      db: services.db,
      email: "clerk@example.com",
      name: "Musu Clerk",
      password: "a sturdy clerk passphrase",
      role: "accounts",
    });
    const close = async () => {
      await services.close();
      await smtp.close();
    };
    return { services, staffId: staff!.id, close };
  } catch (error) {
    await smtp.close();
    throw error;
  }
}

/** The sending and what it wrote, on the file's services and clerk when called. */
export function invoiceSendingHelpers(current: () => { services: Services; staffId: string }) {
  const send = (id: string, key: string, to = "") => {
    const { services, staffId } = current();
    return sendInvoice({
      db: services.db,
      config: services.config,
      logger: services.logger,
      id,
      to,
      submissionKey: key,
      staffId,
      settings,
    });
  };

  async function mailsOf(key: string) {
    return current()
      .services.db.select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, sendKeys(key).outbox));
  }

  const count = async (table: typeof invoiceEvents | typeof invoiceLinks, invoiceId: string) =>
    (
      await current()
        .services.db.select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.invoiceId, invoiceId))
    )[0]!.n;

  return { send, mailsOf, count };
}
