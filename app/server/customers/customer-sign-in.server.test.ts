import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findOneTimeLink } from "#app/server/auth/one-time-codes.server.ts";
import {
  getCustomerSession,
  requireCustomer,
  safeAccountRedirect,
} from "#app/server/customers/customer-guards.server.ts";
import { getCustomerSessionUser } from "#app/server/customers/customer-sessions.server.ts";
import {
  requestCustomerCode,
  signInWithLink,
  verifyCustomerCode,
} from "#app/server/customers/customer-sign-in.server.ts";
import {
  auditLog,
  customerCompanyParties,
  customerMembers,
  oneTimeCodes,
  outbox,
  rateLimits,
  shippers,
} from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { getAdminSession } from "#app/server/staff/staff-guards.server.ts";
import { signInNewCustomer } from "#tests/setup/customer-session.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

// Each test starts with the site's count of wrong codes at zero (decision 029: it is shared by every client).
beforeEach(async () => {
  await services.db.delete(rateLimits).where(like(rateLimits.key, "one-time-codes:%"));
});

let clientCounter = 0;
/** Each test its own client address, so the per-client limits of one do not reach another. */
const nextClient = () => `198.51.100.${++clientCounter}`;

async function ask(typed: string, clientAddress = nextClient()) {
  const settings = await services.siteSettings.get();
  return requestCustomerCode({ ...services, settings, typed, clientAddress });
}

/** The code in the newest message to an address (the outbox keeps it, sent or not). */
async function codeSentTo(address: string): Promise<{ code: string; link: string | null } | null> {
  const [row] = await services.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(and(eq(outbox.to, address), like(outbox.text, "%sign-in code%")))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    // 6 digits, or 8 once the file's earlier tests have typed enough wrong codes (decision 029).
    code: /\b(\d{6}|\d{8})\b/.exec(row.text)![1]!,
    link: /\/account\/sign-in\/([A-Za-z0-9_-]{43})/.exec(row.text)?.[1] ?? null,
  };
}

const verify = (attemptToken: string | null, code: string, clientAddress = nextClient()) =>
  verifyCustomerCode({ ...services, attemptToken, code, clientAddress, userAgent: "test" });

const tokenOf = (cookie: string) => /customer_session=([A-Za-z0-9_-]{43})/.exec(cookie)![1]!;

describe("signing in with a code", () => {
  it("e-mails a member a code that signs them in once, and records the sign-in", async () => {
    const customer = await signInNewCustomer({ db: services.db, config: services.config });
    const asked = await ask(customer.email.toUpperCase());
    expect(asked).toMatchObject({
      ok: true,
      channel: "email",
      sentTo: `${customer.email[0]}•••@example.com`,
    });
    if (!asked.ok) return;
    const sent = await codeSentTo(customer.email);
    expect(sent?.code).toMatch(/^\d{6}$/);
    // Nothing secret is stored as sent: the code row keeps hashes only.
    const [row] = await services.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.destination, customer.email));
    expect(JSON.stringify(row)).not.toContain(sent!.code);
    expect(JSON.stringify(row)).not.toContain(asked.attemptToken);

    const signedIn = await verify(asked.attemptToken, sent!.code);
    expect(signedIn.outcome).toBe("signed-in");
    if (signedIn.outcome !== "signed-in") return;
    const user = await getCustomerSessionUser({ ...services, token: tokenOf(signedIn.cookie) });
    expect(user).toMatchObject({ id: customer.memberId, companyId: customer.companyId });
    // Used once: the same code again does nothing.
    expect((await verify(asked.attemptToken, sent!.code)).outcome).toBe("expired");
    const events = await services.db
      .select({ action: auditLog.action, actorName: auditLog.actorName })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "customer_members"), eq(auditLog.entityId, customer.memberId)));
    expect(events.map((event) => event.action)).toContain("customer_sign_in");
  });

  it("answers an unknown address exactly as a known one, sends nothing, and no code opens it", async () => {
    const asked = await ask("nobody-here@example.com");
    expect(asked).toMatchObject({ ok: true, channel: "email", sentTo: "n•••@example.com" });
    if (!asked.ok) return;
    expect(await codeSentTo("nobody-here@example.com")).toBeNull();
    const wrong = await verify(asked.attemptToken, "123456");
    expect(wrong).toEqual({ outcome: "wrong", message: "That code is not right. You can try 4 more times." });
  });

  it("ends a code after five wrong tries, even before the right one is typed", async () => {
    const customer = await signInNewCustomer({ db: services.db, config: services.config });
    const asked = await ask(customer.email);
    if (!asked.ok) throw new Error("not asked");
    const sent = await codeSentTo(customer.email);
    const wrongCode = sent!.code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) expect((await verify(asked.attemptToken, wrongCode)).outcome).toBe("wrong");
    expect((await verify(asked.attemptToken, wrongCode)).outcome).toBe("expired");
    expect((await verify(asked.attemptToken, sent!.code)).outcome).toBe("expired");
  });

  it("refuses a code typed in another browser (no attempt cookie) and malformed codes", async () => {
    expect(await verify(null, "123456")).toMatchObject({ outcome: "expired" });
    expect(await verify("x".repeat(43), "12ab56")).toMatchObject({
      outcome: "wrong",
      message: "Enter the 6-digit code we sent you.",
    });
  });

  it("lets the address on a party's record in by itself, making the company and its first member", async () => {
    const [party] = await services.db
      .insert(shippers)
      .values({ name: "Awa Diallo", company: "Diallo Négoce", email: "Awa@Diallo.example" })
      .returning();
    const asked = await ask("awa@diallo.example");
    if (!asked.ok) throw new Error("not asked");
    const sent = await codeSentTo("awa@diallo.example");
    expect(sent).not.toBeNull();
    const signedIn = await verify(asked.attemptToken, sent!.code);
    expect(signedIn.outcome).toBe("signed-in");
    const [member] = await services.db
      .select()
      .from(customerMembers)
      .where(eq(customerMembers.email, "awa@diallo.example"));
    expect(member).toMatchObject({ name: "Awa Diallo", canInvite: true, removedAt: null });
    const [link] = await services.db
      .select()
      .from(customerCompanyParties)
      .where(eq(customerCompanyParties.partyId, party!.id));
    expect(link?.companyId).toBe(member!.companyId);
  });

  it("two first sign-ins at once make one member, who keeps 'may invite'", async () => {
    await services.db
      .insert(shippers)
      .values({ name: "Kofi Twice", company: "Twice Ltd", email: "kofi@twice-at-once.example" });
    // Two browsers ask (the second within the minute that keeps the first code working) and type at once.
    const first = await ask("kofi@twice-at-once.example");
    const firstCode = await codeSentTo("kofi@twice-at-once.example");
    const second = await ask("kofi@twice-at-once.example");
    const secondCode = await codeSentTo("kofi@twice-at-once.example");
    if (!first.ok || !second.ok) throw new Error("not asked");
    const outcomes = await Promise.all([
      verify(first.attemptToken, firstCode!.code),
      verify(second.attemptToken, secondCode!.code),
    ]);
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(["signed-in", "signed-in"]);
    const members = await services.db
      .select()
      .from(customerMembers)
      .where(eq(customerMembers.email, "kofi@twice-at-once.example"));
    expect(members).toHaveLength(1);
    expect(members[0]).toMatchObject({ canInvite: true, removedAt: null });
  });

  it("sends nothing to a party's address when staff switched self sign-in off, or to a removed member", async () => {
    await services.db
      .insert(shippers)
      .values({ name: "Closed Door", email: "closed@door.example", selfSignIn: false });
    const asked = await ask("closed@door.example");
    expect(asked.ok).toBe(true);
    expect(await codeSentTo("closed@door.example")).toBeNull();

    const customer = await signInNewCustomer({ db: services.db, config: services.config });
    await services.db
      .update(customerMembers)
      .set({ removedAt: new Date() })
      .where(eq(customerMembers.id, customer.memberId));
    expect((await ask(customer.email)).ok).toBe(true);
    expect(await codeSentTo(customer.email)).toBeNull();
    // Their old session stopped working at once.
    expect(await getCustomerSessionUser({ ...services, token: tokenOf(customer.cookie) })).toBeNull();
  });

  it("signs in through the e-mailed link only by its page's button, once", async () => {
    const customer = await signInNewCustomer({ db: services.db, config: services.config });
    const asked = await ask(customer.email);
    if (!asked.ok) throw new Error("not asked");
    const sent = await codeSentTo(customer.email);
    expect(sent?.link).toBeTruthy();
    // Opening the page (a mail scanner) uses nothing up.
    expect(
      await findOneTimeLink({ db: services.db, purpose: "customer_sign_in", linkToken: sent!.link! }),
    ).not.toBeNull();
    expect(
      await findOneTimeLink({ db: services.db, purpose: "customer_sign_in", linkToken: sent!.link! }),
    ).not.toBeNull();
    const once = await signInWithLink({
      ...services,
      linkToken: sent!.link!,
      clientAddress: nextClient(),
      userAgent: null,
    });
    expect(once?.cookie).toMatch(/^customer_session=/);
    expect(
      await signInWithLink({
        ...services,
        linkToken: sent!.link!,
        clientAddress: nextClient(),
        userAgent: null,
      }),
    ).toBeNull();
    // The link and the code are one: the code no longer works either.
    expect((await verify(asked.attemptToken, sent!.code)).outcome).toBe("expired");
  });

  it("keeps nobody but the owner out: past five codes an hour, the owner is served the code already live", async () => {
    const customer = await signInNewCustomer({ db: services.db, config: services.config });
    const attacker = nextClient();
    for (let i = 0; i < 5; i++) expect((await ask(customer.email, attacker)).ok).toBe(true);
    const fifth = await codeSentTo(customer.email);
    // Another five from anywhere: answered the same, nothing more sent; wrong codes typed on one of them end
    // that attempt only.
    let burnt = "";
    for (let i = 0; i < 5; i++) {
      const more = await ask(customer.email, attacker);
      if (!more.ok) throw new Error("refused");
      burnt = more.attemptToken;
    }
    const wrongCode = (fifth!.code.startsWith("0") ? "1" : "0").repeat(fifth!.code.length);
    for (let i = 0; i < 4; i++) expect((await verify(burnt, wrongCode)).outcome).toBe("wrong");
    expect((await verify(burnt, wrongCode)).outcome).toBe("expired");
    const sent = await services.db.select().from(outbox).where(eq(outbox.to, customer.email));
    expect(sent).toHaveLength(5);
    // The owner, from their own phone: not refused, and the code of the newest message signs them in.
    const owner = await ask(customer.email);
    expect(owner).toMatchObject({ ok: true, channel: "email" });
    if (!owner.ok) return;
    expect((await verify(owner.attemptToken, fifth!.code)).outcome).toBe("signed-in");
    // The code is spent for every attempt on it, the link too.
    const again = await ask(customer.email);
    if (!again.ok) throw new Error("refused");
    expect(
      await findOneTimeLink({ db: services.db, purpose: "customer_sign_in", linkToken: fifth!.link! }),
    ).toBeNull();
  });

  it("past five codes an hour, requests at once for an address with no live code send one new code", async () => {
    const customer = await signInNewCustomer({ db: services.db, config: services.config });
    const settings = await services.siteSettings.get();
    const askAt = (now: Date) =>
      requestCustomerCode({ ...services, settings, typed: customer.email, clientAddress: nextClient(), now });
    const t0 = new Date();
    for (let i = 0; i < 5; i++) expect((await askAt(t0)).ok).toBe(true);
    // Eleven minutes on, in the same hour: the five are spent and none is live, so one request sends a code;
    // several at once must not each send one (they would, each seeing no live code before the others wrote).
    const later = new Date(t0.getTime() + 11 * 60 * 1000);
    const answers = await Promise.all(Array.from({ length: 4 }, () => askAt(later)));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    const sent = await services.db.select().from(outbox).where(eq(outbox.to, customer.email));
    expect(sent).toHaveLength(6);
  });

  it("leaves a code of the last minute working when a new one is asked; an older one stops", async () => {
    const customer = await signInNewCustomer({ db: services.db, config: services.config });
    const t0 = new Date();
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    const settings = await services.siteSettings.get();
    const askAt = (seconds: number) =>
      requestCustomerCode({
        ...services,
        settings,
        typed: customer.email,
        clientAddress: nextClient(),
        now: at(seconds),
      });
    const verifyAt = (attemptToken: string, code: string, seconds: number) =>
      verifyCustomerCode({
        ...services,
        attemptToken,
        code,
        clientAddress: nextClient(),
        userAgent: null,
        now: at(seconds),
      });

    const owner = await askAt(0);
    const ownersCode = (await codeSentTo(customer.email))!.code;
    // Someone else asks 30 s later: the owner's code, still within its minute, keeps working.
    const other = await askAt(30);
    if (!owner.ok || !other.ok) throw new Error("refused");
    expect((await verifyAt(owner.attemptToken, ownersCode, 40)).outcome).toBe("signed-in");

    const first = await askAt(100);
    const firstCode = (await codeSentTo(customer.email))!.code;
    const later = await askAt(161);
    if (!first.ok || !later.ok) throw new Error("refused");
    expect((await verifyAt(first.attemptToken, firstCode, 162)).outcome).toBe("expired");
  });

  it("gives a clear message for what is not an address", async () => {
    expect(await ask("")).toEqual({ ok: false, message: "Enter your e-mail address." });
    expect(await ask("not an address")).toMatchObject({
      ok: false,
      message: expect.stringContaining("valid e-mail"),
    });
  });
});

describe("customer and staff sessions never open each other's pages", () => {
  it("a staff cookie opens no account page; a customer cookie opens no admin page", async () => {
    const staff = await signInStaff({ db: services.db, config: services.config });
    const customer = await signInNewCustomer({ db: services.db, config: services.config });
    const context = createTestContext(services);
    const asStaff = new Request("http://localhost/account/shipments", { headers: { cookie: staff.cookie } });
    await expect(requireCustomer({ request: asStaff, context })).rejects.toMatchObject({ status: 302 });
    expect(await getCustomerSession({ request: asStaff, context })).toBeNull();
    const asCustomer = new Request("http://localhost/admin", { headers: { cookie: customer.cookie } });
    expect(await getAdminSession({ request: asCustomer, context })).toBeNull();
    // The customer's own cookie does open the account.
    const own = new Request("http://localhost/account/shipments", { headers: { cookie: customer.cookie } });
    expect((await requireCustomer({ request: own, context })).id).toBe(customer.memberId);
  });
});

describe("where signing in returns to", () => {
  it("only ever an address of the account itself", () => {
    expect(safeAccountRedirect("/account/invoices?page=2")).toBe("/account/invoices?page=2");
    for (const hostile of [
      "https://evil.example/account/x",
      "//evil.example",
      "/account//evil.example",
      "/account/../admin",
      "/account/%2e%2e/admin",
      "/account/%2F%2Fevil.example",
      "/admin",
      "/account/x\\evil",
      null,
    ]) {
      expect(safeAccountRedirect(hostile)).toBe("/account/shipments");
    }
  });
});
