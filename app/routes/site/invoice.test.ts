// 'Send' and the customer's invoice page, called as the browser calls them on a real database (decision 026): the
// send action by role and with bad input, the e-mailed link's page and PDF, a wrong token's plain 404, and the
// headers that keep the token out of referrers, indexes and caches.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as sendRoute from "#app/routes/admin/invoices.$id.send.tsx";
import { loader as pdfLoader } from "#app/routes/resources/invoice.$token.invoice.pdf.ts";
import * as page from "#app/routes/site/invoice.$token.tsx";
import { invoiceEvents, outbox } from "#app/server/db/schema.ts";
import { sendKeys } from "#app/server/invoices/invoice-sending.server.ts";
import { billedCustomer, issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import type { Services } from "#app/server/services.server.ts";
import { thrownStatus } from "#tests/setup/responses.ts";
import { type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";
import { tamperedToken } from "#tests/setup/tokens.ts";

const SITE = "https://freight.example";
let services: Services;
let smtp: SmtpTestServer;
const cookies = { accounts: "", operations: "" };
let staffId = "";

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  services = await createTestServices(
    { SMTP_URL: smtp.url, SITE_URL: SITE },
    { outbox: { autostart: false } },
  );
  const accounts = await signInStaff({ ...services, role: "accounts", email: "send-accounts@example.com" });
  cookies.accounts = accounts.cookie;
  staffId = accounts.user.id;
  cookies.operations = (
    await signInStaff({ ...services, role: "operations", email: "send-operations@example.com" })
  ).cookie;
});
afterAll(async () => {
  await services?.close();
  await smtp?.close();
});

type Result = { data?: unknown; init?: { status?: number } | null };
const status = (result: unknown) =>
  result instanceof Response ? result.status : ((result as Result).init?.status ?? 200);
const body = (result: unknown) => ((result as Result).data ?? result) as Record<string, unknown>;

function postSend(id: string, fields: Record<string, string>, role: keyof typeof cookies = "accounts") {
  const url = `${SITE}/admin/invoices/${id}/send`;
  return sendRoute.action({
    request: new Request(url, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { cookie: cookies[role], origin: SITE },
    }),
    params: { id },
    context: createTestContext(services),
  } as never);
}

const settle = async (promise: Promise<unknown>) => {
  try {
    return await promise;
  } catch (error) {
    return error;
  }
};

const openPage = (token: string) =>
  page.loader({
    request: new Request(`${SITE}/invoice/${token}`),
    params: { token },
    context: createTestContext(services),
  } as never);

const openPdf = (token: string) =>
  pdfLoader({
    request: new Request(`${SITE}/invoice/${token}/invoice.pdf`),
    params: { token },
    context: createTestContext(services),
  } as never) as Promise<Response>;

async function issued(email?: string) {
  const customer = await billedCustomer(services.db);
  return issuedInvoice({
    db: services.db,
    staffId,
    customer: email === undefined ? customer : { ...customer, email },
  });
}

describe("'Send' on an invoice", () => {
  it("sends once per form and goes back to the invoice; Operations are refused", async () => {
    const invoice = await issued();
    const key = crypto.randomUUID();
    expect(status(await settle(postSend(invoice.id, { submissionKey: key, to: "" }, "operations")))).toBe(
      403,
    );
    expect(
      await thrownStatus(
        sendRoute.loader({
          request: new Request(`${SITE}/admin/invoices/${invoice.id}/send`, {
            headers: { cookie: cookies.operations },
          }),
          params: { id: invoice.id },
          context: createTestContext(services),
        } as never),
      ),
    ).toBe(403);
    for (let i = 0; i < 2; i++) {
      const sent = (await settle(postSend(invoice.id, { submissionKey: key, to: "" }))) as Response;
      expect(sent.status).toBe(302);
      expect(sent.headers.get("Location")).toBe(`/admin/invoices/${invoice.id}`);
    }
    expect(
      await services.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, sendKeys(key).outbox)),
    ).toHaveLength(1);
  });

  it("refuses a bad address, a missing form key and a customer without e-mail, storing nothing", async () => {
    const invoice = await issued("");
    const bad = await postSend(invoice.id, { submissionKey: crypto.randomUUID(), to: "ama@" });
    expect(status(bad)).toBe(400);
    expect(body(bad)).toMatchObject({ errors: { to: "Please enter a valid email address." } });
    const noKey = await postSend(invoice.id, { to: "ama@example.com" });
    expect(status(noKey)).toBe(400);
    const none = await postSend(invoice.id, { submissionKey: crypto.randomUUID(), to: "" });
    expect(status(none)).toBe(400);
    expect(body(none)).toMatchObject({
      errors: { to: "This customer has no e-mail address: enter the address to send it to." },
    });
    expect(
      await services.db.select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, invoice.id)),
    ).toHaveLength(0);
  });
});

describe("the customer's invoice page", () => {
  async function sentToken() {
    const invoice = await issued();
    const key = crypto.randomUUID();
    await postSend(invoice.id, { submissionKey: key, to: "" }).catch((response) => response);
    const [mail] = await services.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, sendKeys(key).outbox));
    return { invoice, token: /\/invoice\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]! };
  }

  it("shows the invoice through the e-mailed link, and a plain 404 for a wrong or malformed token", async () => {
    const { invoice, token } = await sentToken();
    const found = await openPage(token);
    expect(status(found)).toBe(200);
    expect(body(found)).toMatchObject({
      kind: "found",
      mobileMoney: false,
      invoice: {
        number: invoice.number,
        status: "Awaiting payment",
        pdfPath: `/invoice/${token}/invoice.pdf`,
      },
    });
    for (const wrong of [tamperedToken(token), "nope"]) {
      const missing = await openPage(wrong);
      expect(status(missing)).toBe(404);
      expect(body(missing)).toEqual({ kind: "not-found" });
    }
  });

  it("sends no referrer and is never indexed or cached, the page and its PDF alike", async () => {
    const { token } = await sentToken();
    const headers = new Headers(
      page.headers({ loaderHeaders: new Headers(), actionHeaders: new Headers() } as never) as HeadersInit,
    );
    expect(headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(headers.get("X-Robots-Tag")).toBe("noindex");
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    const pdf = await openPdf(token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
    const missing = await openPdf(tamperedToken(token));
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(await missing.text()).toBe("Page not found");
  });
});
