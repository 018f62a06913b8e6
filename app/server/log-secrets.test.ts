// Decision 029: codes, attempt and link tokens never reach the log, with or without SMTP_URL. The app's own pino
// logger writes every line (trace and up) to a stream this test reads; the flows that make secrets run as the
// pages run them (a customer's sign-in by code and by link, an invoice sent to its customer, a staff password
// reset, a 'Show full details' code), their links are opened through the app's request log, and no line may
// hold any code or token they made.
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { and, desc, eq, like } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  requestCustomerCode,
  signInWithLink,
  verifyCustomerCode,
} from "#app/server/customers/customer-sign-in.server.ts";
import {
  requestShipmentDetailsCode,
  verifyShipmentDetailsCode,
} from "#app/server/customers/shipment-details-access.server.ts";
import { outbox, shipments, shippers } from "#app/server/db/schema.ts";
import { sendInvoice } from "#app/server/invoices/invoice-sending.server.ts";
import { billedCustomer, issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import { createLogger } from "#app/server/platform/logger.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { requestPasswordReset } from "#app/server/staff/staff-sign-in.server.ts";
import { signInNewCustomer } from "#tests/setup/customer-session.ts";
import { type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";
import { requestLog } from "../../server/request-log.ts";

const SITE = "https://freight.example";
const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split("\n").filter(Boolean));
    done();
  },
});

const logger = createLogger("trace", capture);

let smtp: SmtpTestServer;
/** Without SMTP_URL: every e-mail is kept in the outbox (and was logged whole before decision 029 said no). */
let keeping: Services;
/** With SMTP_URL: the outbox worker sends them (its rounds run by the test). */
let sending: Services;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
  keeping = await createTestServices({ SITE_URL: SITE }, { logger });
  sending = await createTestServices(
    { SITE_URL: SITE, SMTP_URL: smtp.url },
    { logger, outbox: { autostart: false } },
  );
});
afterAll(async () => {
  await keeping?.close();
  await sending?.close();
  await smtp?.close();
});

/** The newest message to `to` whose text holds `marker` (the outbox keeps it, sent or not). */
async function lastMail(services: Services, to: string, marker: string) {
  const [row] = await services.db
    .select({ subject: outbox.subject, text: outbox.text })
    .from(outbox)
    .where(and(eq(outbox.to, to), like(outbox.text, `%${marker}%`)))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  if (!row) throw new Error(`no message to ${to}`);
  return row;
}

const codeIn = (text: string) => /\b(\d{6,8})\b/.exec(text)![1]!;
const pathOf = (text: string, pattern: RegExp) => {
  const match = pattern.exec(text);
  if (!match) throw new Error(`no link matching ${pattern} in ${text}`);
  return match[0].slice(SITE.length);
};
const tokenAfter = (text: string, pattern: RegExp) => pattern.exec(text)![1]!;

/** Opens each path through the app's request log on a bare Express app (answers 204). */
async function openThroughRequestLog(paths: string[]) {
  const app = express();
  app.use(requestLog(logger));
  app.use((_req, res) => {
    res.status(204).end();
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    for (const path of paths) await (await fetch(`http://127.0.0.1:${port}${path}`)).arrayBuffer();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * Runs every flow that makes a secret, as the pages run them: the secrets made (codes, attempt, link, session
 * and grant tokens) and the links' paths to open.
 */
async function runFlows(services: Services) {
  const secrets: Record<string, string> = {};
  const paths: string[] = [];
  const settings = await services.siteSettings.get();

  // A customer signs in with a code, then with the e-mailed link.
  const customer = await signInNewCustomer({ db: services.db, config: services.config });
  const first = await requestCustomerCode({
    ...services,
    settings,
    typed: customer.email,
    clientAddress: "198.51.100.7",
  });
  if (!first.ok) throw new Error("no code asked");
  const firstMail = await lastMail(services, customer.email, "sign-in code");
  secrets.signInCode = codeIn(firstMail.text);
  secrets.signInAttempt = first.attemptToken;
  const signedIn = await verifyCustomerCode({
    ...services,
    attemptToken: first.attemptToken,
    code: secrets.signInCode,
    clientAddress: "198.51.100.7",
    userAgent: "test",
  });
  if (signedIn.outcome !== "signed-in") throw new Error(signedIn.outcome);
  secrets.session = tokenAfter(signedIn.cookie, /customer_session=([^;]+)/);
  const second = await requestCustomerCode({
    ...services,
    settings,
    typed: customer.email,
    clientAddress: "198.51.100.8",
  });
  if (!second.ok) throw new Error("no second code asked");
  secrets.secondAttempt = second.attemptToken;
  const secondMail = await lastMail(services, customer.email, "sign-in code");
  secrets.secondCode = codeIn(secondMail.text);
  const linkPath = pathOf(secondMail.text, /https:\/\/freight\.example\/account\/sign-in\/[A-Za-z0-9_-]+/);
  secrets.signInLink = linkPath.split("/").at(-1)!;
  paths.push(linkPath);
  const byLink = await signInWithLink({
    ...services,
    linkToken: secrets.signInLink,
    clientAddress: "198.51.100.8",
    userAgent: "test",
  });
  if (!byLink) throw new Error("the link did not sign in");
  secrets.linkSession = tokenAfter(byLink.cookie, /customer_session=([^;]+)/);

  // An invoice sent to its customer: its link's token.
  const clerk = await createAdminUser({
    db: services.db,
    email: "clerk@example.com",
    name: "Musu Clerk",
    password: "a sturdy clerk passphrase",
    role: "administrator",
  });
  const billed = await billedCustomer(services.db);
  const invoice = await issuedInvoice({ db: services.db, staffId: clerk!.id, customer: billed });
  const sent = await sendInvoice({
    ...services,
    id: invoice.id,
    to: "",
    submissionKey: crypto.randomUUID(),
    staffId: clerk!.id,
    settings,
  });
  expect(sent.ok).toBe(true);
  const invoiceMail = await lastMail(services, billed.email, "/invoice/");
  const invoicePath = pathOf(invoiceMail.text, /https:\/\/freight\.example\/invoice\/[A-Za-z0-9_-]+/);
  secrets.invoiceLink = invoicePath.split("/").at(-1)!;
  paths.push(invoicePath, `${invoicePath}/pay`);

  // A staff password reset: its link's token.
  await requestPasswordReset({ ...services, email: "clerk@example.com" });
  const resetMail = await lastMail(services, "clerk@example.com", "admin-reset-password");
  const resetPath = pathOf(
    resetMail.text,
    /https:\/\/freight\.example\/admin-reset-password\?token=[A-Za-z0-9_-]+/,
  );
  secrets.resetLink = resetPath.split("=").at(-1)!;
  paths.push(resetPath);

  // 'Show full details': a code to the shipper on file, and the grant it opens.
  const [shipper] = await services.db
    .insert(shippers)
    .values({ name: "Log Shipper", email: "log.shipper@example.com" })
    .returning();
  const [shipment] = await services.db
    .insert(shipments)
    .values({
      trackingNumber: "UTG-7009-0001",
      status: "In Transit",
      originLocation: "Shanghai",
      destinationLocation: "Monrovia",
      shipperId: shipper!.id,
    })
    .returning();
  const asked = await requestShipmentDetailsCode({
    ...services,
    shipment: { id: shipment!.id, trackingNumber: shipment!.trackingNumber },
    typed: "log.shipper@example.com",
    clientAddress: "198.51.100.9",
  });
  if (!asked.ok) throw new Error("no details code asked");
  secrets.detailsAttempt = asked.attemptToken;
  const detailsMail = await lastMail(services, "log.shipper@example.com", "UTG-7009-0001");
  secrets.detailsCode = codeIn(detailsMail.text);
  const granted = await verifyShipmentDetailsCode({
    db: services.db,
    attemptToken: asked.attemptToken,
    code: secrets.detailsCode,
    shipmentId: shipment!.id,
    clientAddress: "198.51.100.9",
  });
  if (granted.outcome !== "granted") throw new Error(granted.outcome);
  secrets.grant = granted.token;

  return { secrets, paths };
}

describe("secrets in the log", () => {
  /** Every line written since `from` that holds one of the secrets, by the secret's name. */
  const leaked = (secrets: Record<string, string>, from: number) =>
    Object.entries(secrets).flatMap(([name, secret]) => {
      expect(secret.length, name).toBeGreaterThanOrEqual(6);
      return lines
        .slice(from)
        .filter((line) => line.includes(secret))
        .map((line) => `${name}: ${line}`);
    });

  // Five flows, an invoice's PDF among them: given more than the default 30 s on two busy cores.
  it("no log line holds a code or token of a sign-in, an invoice, a reset or a details code (no SMTP_URL)", async () => {
    const from = lines.length;
    const { secrets, paths } = await runFlows(keeping);
    await openThroughRequestLog(paths);
    expect(leaked(secrets, from)).toEqual([]);
    // The log was written to (the kept e-mails and the requests), and says which message without what it says.
    const kept = lines.slice(from).filter((line) => line.includes("E-mail kept in the outbox"));
    expect(kept.length).toBeGreaterThanOrEqual(5);
    expect(lines.slice(from).filter((line) => line.includes('"msg":"request"'))).toHaveLength(paths.length);
    for (const line of kept) {
      expect(JSON.parse(line)).toMatchObject({
        outboxId: expect.any(String),
        to: expect.stringContaining("•••@"),
      });
    }
  }, 60_000);

  it("nor when the e-mails are sent through SMTP", async () => {
    const from = lines.length;
    const { secrets, paths } = await runFlows(sending);
    const round = await sending.outbox.drain();
    expect(round.sent).toBeGreaterThanOrEqual(5);
    await openThroughRequestLog(paths);
    expect(leaked(secrets, from)).toEqual([]);
    expect(lines.length).toBeGreaterThan(from);
  }, 60_000);
});
