// The account's Colleagues and Preferences pages (decision 029), called as the browser does with real customer
// sessions on a real database: a member who may invite adds a colleague to their own company only; others are
// told whom to ask; preferences are saved, and bad input changes nothing.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as colleagues from "#app/routes/account/colleagues.tsx";
import * as preferences from "#app/routes/account/preferences.tsx";
import type { CustomerMember } from "#app/server/customers/customer-companies.server.ts";
import { createMember, ensureCompanyForParty } from "#app/server/customers/customer-companies.server.ts";
import { customerContext } from "#app/server/customers/customer-guards.server.ts";
import {
  createCustomerSession,
  getCustomerSessionUser,
} from "#app/server/customers/customer-sessions.server.ts";
import { customerInvitations, customerMembers, outbox } from "#app/server/db/schema.ts";
import { createParty } from "#app/server/parties/parties.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

const TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${"4".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "abcdef0123456789abcdef0123456789",
  TWILIO_SMS_FROM: "+15017122661",
};

let services: Services;
beforeAll(async () => {
  services = await createTestServices(
    { SITE_URL: "https://freight.example.com", ...TWILIO },
    { outbox: { autostart: false } },
  );
});
afterAll(() => services.close());

const fields = { company: null, email: null, phone: null, address: null };

/** A company made from a new shipper, and its members (the first may invite). */
async function company(name: string, people: Array<{ name: string; email?: string; phone?: string }>) {
  const party = await createParty({ db: services.db, kind: "shipper", input: { ...fields, name } });
  const made = await services.db.transaction((tx) =>
    ensureCompanyForParty({ tx, kind: "shipper", partyId: party.id }),
  );
  const members: CustomerMember[] = [];
  for (const person of people) {
    members.push(
      await services.db.transaction((tx) =>
        createMember({
          tx,
          companyId: made.id,
          name: person.name,
          email: person.email ?? null,
          phone: person.phone ?? null,
        }),
      ),
    );
  }
  return { id: made.id, members };
}

/** A request as the member's browser sends it, and a context as the account layout's middleware leaves it. */
async function asMember(member: CustomerMember, path: string, body?: Record<string, string | string[]>) {
  const session = await createCustomerSession({
    db: services.db,
    config: services.config,
    memberId: member.id,
  });
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body ?? {}))
    for (const v of [value].flat()) form.append(name, v);
  const request = new Request(`http://localhost${path}`, {
    method: body ? "POST" : "GET",
    headers: { cookie: session.cookie.split(";")[0]! },
    body: body ? form : undefined,
  });
  const context = createTestContext(services);
  const user = await getCustomerSessionUser({
    db: services.db,
    config: services.config,
    token: session.token,
  });
  context.set(customerContext, user!);
  return { request, context, params: {} } as never;
}

type Reply<T> = { data: T; init: { status?: number } | null };
const memberCount = async () => (await services.db.select({ n: count() }).from(customerMembers))[0]!.n;
const memberRow = async (id: string) =>
  (await services.db.select().from(customerMembers).where(eq(customerMembers.id, id)))[0]!;

describe("/account/colleagues", () => {
  it("lists the company's members; the member who may invite adds a colleague to their own company", async () => {
    const acme = await company("Acme Imports", [
      { name: "Abena", email: "abena@acme.example" },
      { name: "Yaw", email: "yaw@acme.example" },
    ]);
    await company("Other Co", [{ name: "Stranger", email: "stranger@other.example" }]);
    const [abena, yaw] = acme.members;
    const page = await colleagues.loader(await asMember(abena!, "/account/colleagues"));
    expect(page).toMatchObject({ canInvite: true, inviterName: null });
    expect(page.members.map((member) => member.name)).toEqual(["Abena", "Yaw"]);

    const added = (await colleagues.action(
      await asMember(abena!, "/account/colleagues", {
        intent: "invite-colleague",
        name: "Kwame",
        email: "kwame@acme.example",
        companyId: "00000000-0000-4000-8000-000000000000",
      }),
    )) as Reply<{ done: string }>;
    expect(added.data).toEqual({
      done: "We invited Kwame: they join the account when they first sign in with a code sent to this address.",
    });
    // An invitation of Abena's own company, not a member: Kwame joins when he signs in (decision 029).
    const [kwame] = await services.db
      .select()
      .from(customerInvitations)
      .where(eq(customerInvitations.email, "kwame@acme.example"));
    expect(kwame).toMatchObject({ companyId: acme.id, invitedByMemberId: abena!.id, acceptedAt: null });
    expect(
      await services.db.select().from(customerMembers).where(eq(customerMembers.email, "kwame@acme.example")),
    ).toEqual([]);
    const listed = await colleagues.loader(await asMember(abena!, "/account/colleagues"));
    expect(listed.invitations).toEqual([
      { id: kwame!.id, name: "Kwame", email: "kwame@acme.example", phone: null },
    ]);
    // The message carries no text the customer typed: not even the name.
    const [invitationMail] = await services.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, "kwame@acme.example"));
    expect(invitationMail!.text).toMatch(/^Hello,\n/);
    expect(invitationMail!.text).not.toContain("Kwame");

    // Yaw may not invite: told whom to ask, and a post of the form is refused with nothing changed.
    const yawPage = await colleagues.loader(await asMember(yaw!, "/account/colleagues"));
    expect(yawPage).toMatchObject({ canInvite: false, inviterName: "Abena" });
    const before = await memberCount();
    const refused = (await colleagues.action(
      await asMember(yaw!, "/account/colleagues", {
        intent: "invite-colleague",
        name: "Esi",
        email: "esi@acme.example",
      }),
    )) as Reply<{ error: string }>;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.error).toBe("You cannot add colleagues to this account: ask us to add them.");
    const yawCancels = (await colleagues.action(
      await asMember(yaw!, "/account/colleagues", { intent: "cancel-invitation", invitation: kwame!.id }),
    )) as Reply<{ error: string }>;
    expect(yawCancels.data.error).toBe("This invitation no longer waits.");
    // Another company's member's address: answered as any other address, and nothing reaches that person.
    const taken = (await colleagues.action(
      await asMember(abena!, "/account/colleagues", {
        intent: "invite-colleague",
        name: "S",
        email: "stranger@other.example",
      }),
    )) as Reply<{ done: string }>;
    expect(taken.data).toEqual({
      done: "We invited S: they join the account when they first sign in with a code sent to this address.",
    });
    expect(await services.db.select().from(outbox).where(eq(outbox.to, "stranger@other.example"))).toEqual(
      [],
    );
    // Abena cancels Kwame's invitation: it is no longer listed.
    const cancelled = (await colleagues.action(
      await asMember(abena!, "/account/colleagues", { intent: "cancel-invitation", invitation: kwame!.id }),
    )) as Reply<{ done: string }>;
    expect(cancelled.data).toEqual({ done: "The invitation is cancelled." });
    const after = await colleagues.loader(await asMember(abena!, "/account/colleagues"));
    expect(after.invitations.map((invitation) => invitation.name)).toEqual(["S"]);
    const unknownIntent = (await colleagues.action(
      await asMember(abena!, "/account/colleagues", { intent: "remove", name: "S", email: "s@acme.example" }),
    )) as Reply<{ error: string }>;
    expect(unknownIntent.init?.status).toBe(400);
    expect(await memberCount()).toBe(before);
  });

  it("without a session the action sends to the sign-in page and adds nobody", async () => {
    const before = await memberCount();
    const request = new Request("http://localhost/account/colleagues", {
      method: "POST",
      body: new URLSearchParams({ intent: "invite-colleague", name: "X", email: "x@nowhere.example" }),
    });
    const thrown = await colleagues
      .action({ request, context: createTestContext(services), params: {} } as never)
      .catch((error: unknown) => error);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/account\?redirectTo=/);
    expect(await memberCount()).toBe(before);
  });
});

describe("/account/preferences", () => {
  it("offers SMS only to a member with a mobile number, saves the choices and the language", async () => {
    const { members } = await company("Prefs Ltd", [
      { name: "Both", email: "both@prefs.example", phone: "+231555000111" },
      { name: "Mail Only", email: "mail@prefs.example" },
    ]);
    const [both, mailOnly] = members;
    const mailPage = await preferences.loader(await asMember(mailOnly!, "/account/preferences"));
    expect(mailPage.offered).toEqual(["email"]);
    const page = await preferences.loader(await asMember(both!, "/account/preferences"));
    // WhatsApp is not set up here: not offered. Never chosen: e-mail only.
    expect(page).toMatchObject({
      offered: ["email", "sms"],
      chosen: { shipments: ["email"], quotes: ["email"], invoices: ["email"] },
      language: "en",
    });
    const saved = (await preferences.action(
      await asMember(both!, "/account/preferences", {
        intent: "save-preferences",
        shipments: "sms",
        invoices: ["email", "sms"],
        language: "fr",
      }),
    )) as unknown as Response;
    // French chosen on the English page (decision 030): the preferences page in French, saying it saved.
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/fr/compte/preferences?saved");
    expect(await memberRow(both!.id)).toMatchObject({
      language: "fr",
      messagePreferences: { shipments: ["sms"], quotes: [], invoices: ["email", "sms"] },
    });
  });

  it("saves on the page of the language kept; a new language opens the page in it, saying it saved (decision 030)", async () => {
    const { members } = await company("Langue Sarl", [{ name: "Awa", email: "awa@langue.example" }]);
    const [awa] = members;
    const same = (await preferences.action(
      await asMember(awa!, "/account/preferences", { intent: "save-preferences", language: "en" }),
    )) as Reply<{ done: string }>;
    expect(same.data).toEqual({ done: "Your preferences are saved." });
    const toFrench = (await preferences.action(
      await asMember(awa!, "/account/preferences", { intent: "save-preferences", language: "fr" }),
    )) as unknown as Response;
    expect(toFrench.headers.get("Location")).toBe("/fr/compte/preferences?saved");
    const french = await preferences.loader(await asMember(awa!, "/fr/compte/preferences?saved"));
    expect(french).toMatchObject({ language: "fr", saved: true });
    // On the French page, French kept: the answer in French; English chosen: the English page.
    const kept = (await preferences.action(
      await asMember(awa!, "/fr/compte/preferences", { intent: "save-preferences", language: "fr" }),
    )) as Reply<{ done: string }>;
    expect(kept.data).toEqual({ done: "Vos préférences sont enregistrées." });
    const toEnglish = (await preferences.action(
      await asMember(awa!, "/fr/compte/preferences", { intent: "save-preferences", language: "en" }),
    )) as unknown as Response;
    expect(toEnglish.headers.get("Location")).toBe("/account/preferences?saved");
    const refused = (await preferences.action(
      await asMember(awa!, "/fr/compte/preferences", { intent: "save-preferences", language: "de" }),
    )) as Reply<{ error: string }>;
    expect(refused.data.error).toBe("Choisissez English ou Français.");
  });

  it("a colleague added on a French page is French, and invited in French with the French address", async () => {
    const { members } = await company("Diallo Transit", [{ name: "Fatou", email: "fatou@diallo.example" }]);
    const added = (await colleagues.action(
      await asMember(members[0]!, "/fr/compte/collegues", {
        intent: "invite-colleague",
        name: "Moussa",
        email: "moussa@diallo.example",
      }),
    )) as Reply<{ done: string }>;
    expect(added.data).toEqual({
      done: "Nous avons invité Moussa : il rejoint le compte à sa première connexion avec un code envoyé à cette adresse.",
    });
    const [moussa] = await services.db
      .select()
      .from(customerInvitations)
      .where(eq(customerInvitations.email, "moussa@diallo.example"));
    expect(moussa!.language).toBe("fr");
    const [mail] = await services.db.select().from(outbox).where(eq(outbox.to, "moussa@diallo.example"));
    expect(mail!.subject).toMatch(/^Votre compte client Diallo Transit chez /);
    expect(mail!.text).toMatch(/^Bonjour,\n/);
    expect(mail!.text).toContain("https://freight.example.com/fr/compte ");
  });

  it("refuses a channel not offered and an unknown language, nothing changed", async () => {
    const { members } = await company("Strict Ltd", [{ name: "Strict", email: "strict@strict.example" }]);
    const [strict] = members;
    const post = async (body: Record<string, string | string[]>) =>
      (await preferences.action(
        await asMember(strict!, "/account/preferences", { intent: "save-preferences", ...body }),
      )) as Reply<{
        error: string;
      }>;
    expect((await post({ shipments: "sms", language: "en" })).data.error).toBe(
      "The form could not be read. Please try again.",
    );
    expect((await post({ shipments: "email", language: "de" })).data.error).toBe(
      "Choose English or Français.",
    );
    expect((await post({ quotes: "email'--", language: "en" })).init?.status).toBe(400);
    expect(await memberRow(strict!.id)).toMatchObject({ language: "en", messagePreferences: {} });
  });
});
