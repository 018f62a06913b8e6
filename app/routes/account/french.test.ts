// The customer account in French (decision 030), called as the browser does on a real database: the sign-in code
// goes in the member's language with the French link, a member lands on the account pages of their own
// language after signing in, the guard sends a French page to the French sign-in page, and the French pages'
// loaders give French.
import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as code from "#app/routes/account/code.tsx";
import * as layout from "#app/routes/account/layout.tsx";
import * as shipments from "#app/routes/account/shipments.tsx";
import * as signIn from "#app/routes/account/sign-in.tsx";
import { requireCustomer, safeAccountRedirect } from "#app/server/customers/customer-guards.server.ts";
import { getCustomerSessionUser } from "#app/server/customers/customer-sessions.server.ts";
import { customerMembers, outbox } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { signInNewCustomer } from "#tests/setup/customer-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

const SITE = "https://freight.example.com";
let services: Services;
beforeAll(async () => {
  services = await createTestServices({ SITE_URL: SITE }, { outbox: { autostart: false } });
});
afterAll(() => services.close());

let clientSerial = 0;
const nextClient = () => `198.51.100.${++clientSerial}`;

function form(path: string, fields: Record<string, string>, cookie = "") {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}
const cookiePair = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(";")[0] ?? "";

/** Asks a code on the sign-in page at `path` and types it on the code page; where the browser is sent. */
async function signInThrough(path: string, address: string, extraCookie = "") {
  const client = nextClient();
  const asked = (await signIn.action({
    request: form(path, { address, redirectTo: "/account/shipments" }),
    params: {},
    context: createTestContext(services, client),
  } as never)) as Response;
  expect(asked.status).toBe(302);
  const attempt = cookiePair(asked, "account_code");
  const [mail] = await services.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, address), like(outbox.text, "%code%")))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const typed = /\b(\d{6})\b/.exec(mail!.text)![1]!;
  const codePath = new URL(asked.headers.get("Location")!, SITE).pathname;
  const signedIn = (await code.action({
    request: form(
      codePath,
      { code: typed, redirectTo: "/account/shipments" },
      [attempt, extraCookie].filter(Boolean).join("; "),
    ),
    params: {},
    context: createTestContext(services, client),
  } as never)) as Response;
  return { asked, mail: mail!, signedIn };
}

async function frenchCustomer() {
  const customer = await signInNewCustomer({ db: services.db, config: services.config });
  await services.db
    .update(customerMembers)
    .set({ language: "fr" })
    .where(eq(customerMembers.id, customer.memberId));
  return customer;
}

describe("signing in, in French", () => {
  it("e-mails a French member a French code with the French link, and lands them on the French pages", async () => {
    const customer = await frenchCustomer();
    // Asked from the English page: the member's language decides the message and where they land.
    const { asked, mail, signedIn } = await signInThrough("/account", customer.email);
    expect(asked.headers.get("Location")).toBe("/account/code?redirectTo=%2Faccount%2Fshipments");
    expect(mail.subject).toMatch(/^\d{6} est votre code de connexion /);
    expect(mail.text).toContain("Saisissez-le sur la page de connexion.");
    expect(mail.text).toMatch(new RegExp(`${SITE}/fr/compte/connexion/[A-Za-z0-9_-]{43}`));
    expect(mail.text).not.toContain("/account/sign-in/");
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/fr/compte/expeditions");
  });

  it("an English member lands on the English pages, unless this browser chose the page's language", async () => {
    const customer = await signInNewCustomer({ db: services.db, config: services.config });
    const fromFrench = await signInThrough("/fr/compte", customer.email);
    expect(fromFrench.asked.headers.get("Location")).toBe(
      "/fr/compte/code?redirectTo=%2Faccount%2Fshipments",
    );
    expect(fromFrench.mail.text).toContain("Type it on the sign-in page.");
    expect(fromFrench.signedIn.headers.get("Location")).toBe("/account/shipments");
    // French chosen with the site's switch on this device, signing in on a French page: French.
    const chosen = await signInThrough("/fr/compte", customer.email, "lang=fr");
    expect(chosen.signedIn.headers.get("Location")).toBe("/fr/compte/expeditions");
  });

  it("a new address asking on a French page is written to in French, and its member is French", async () => {
    const customer = await signInNewCustomer({ db: services.db, config: services.config });
    // A consignee's own address on file (self sign-in), not yet a member.
    const address = `nouveau-${clientSerial}@example.com`;
    const { consignees } = await import("#app/server/db/schema.ts");
    await services.db
      .update(consignees)
      .set({ email: address })
      .where(eq(consignees.id, customer.consigneeId));
    const { mail, signedIn } = await signInThrough("/fr/compte", address);
    expect(mail.text).toContain(`${SITE}/fr/compte/connexion/`);
    expect(signedIn.headers.get("Location")).toBe("/fr/compte/expeditions");
    const [member] = await services.db
      .select()
      .from(customerMembers)
      .where(eq(customerMembers.email, address));
    expect(member!.language).toBe("fr");
  });
});

describe("the account's guard and pages in French", () => {
  it("sends a French page without a session to the French sign-in page, and returns to French pages only", async () => {
    const request = new Request(`${SITE}/fr/compte/factures?page=2`);
    const thrown = await requireCustomer({ request, context: createTestContext(services) }).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(
      "/fr/compte?redirectTo=%2Ffr%2Fcompte%2Ffactures%3Fpage%3D2",
    );
    expect(safeAccountRedirect("/fr/compte/factures?page=2")).toBe("/fr/compte/factures?page=2");
    for (const hostile of ["/fr/compte/../admin", "/fr/compte//evil.example", "/fr/admin", "/fr/compte%2F"]) {
      expect(safeAccountRedirect(hostile)).toBe("/account/shipments");
    }
  });

  it("gives the French pages their French words, and nothing to the English ones", async () => {
    const customer = await signInNewCustomer({ db: services.db, config: services.config });
    const [session] = [customer.cookie.split("=")[1]!];
    const user = await getCustomerSessionUser({ db: services.db, config: services.config, token: session });
    const args = (path: string) => {
      const context = createTestContext(services);
      return { request: new Request(`${SITE}${path}`), params: {}, context } as never;
    };
    const { customerContext } = await import("#app/server/customers/customer-guards.server.ts");
    const withCustomer = (path: string) => {
      const given = args(path) as { context: { set: (k: unknown, v: unknown) => void } };
      given.context.set(customerContext, user);
      return given as never;
    };
    const french = await layout.loader(withCustomer("/fr/compte/expeditions"));
    expect(french.words?.["Your shipments"]).toBe("Vos expéditions");
    expect(french.words?.["Sign out"]).toBe("Se déconnecter");
    expect((await layout.loader(withCustomer("/account/shipments"))).words).toBeUndefined();
    const page = await shipments.loader(withCustomer("/fr/compte/expeditions"));
    expect(page).toMatchObject({ rows: [], hasAny: false });
    const signInPage = await signIn.loader(args("/fr/compte"));
    expect(signInPage.words?.["Send me a code"]).toBe("Envoyez-moi un code");
  });
});
