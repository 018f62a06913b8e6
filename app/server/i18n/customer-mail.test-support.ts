// Tests' fixture for the customer's e-mails in their language (decision 030): the app's services on a real
// PostgreSQL with a real SMTP server (the outbox and notifications run only when a test says), the site and
// company Settings the messages are signed with, and the messages the outbox holds for an address.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { outbox } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import type { createTestServices } from "#tests/setup/test-db.ts";

export const SITE = "https://freight.example";
export const settings = {
  companyName: "Unitrans",
  timeZone: "Africa/Monrovia",
  email: "accounts@unitrans.example",
  phone: "+231 555 0100",
  address: "Freeport of Monrovia",
};

/**
 * Registers the test file's hooks: starts the SMTP server, then the app's services from `startServices` on it,
 * and calls `onReady` with both, so the test file's own variables hold them; stops both after the file.
 * Returns the messages the outbox holds for an address.
 */
export function setUpCustomerMailServices(
  startServices: typeof createTestServices,
  onReady: (started: { services: Services; smtp: SmtpTestServer }) => void,
) {
  let services: Services;
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    services = await startServices(
      { SMTP_URL: smtp.url, SITE_URL: SITE },
      { outbox: { autostart: false }, notifications: { autostart: false } },
    );
    onReady({ services, smtp });
  });
  afterAll(async () => {
    await services?.close();
    await smtp?.close();
  });

  const mailsTo = async (to: string) =>
    (await services.db.select().from(outbox).where(eq(outbox.to, to))).map((mail) => ({
      subject: plain(mail.subject ?? ""),
      text: plain(mail.text),
    }));
  return { mailsTo };
}

/** French numbers and money carry no-break spaces (U+202F, U+00A0): plain spaces to compare. */
export const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");
