// Longer than 450 lines: every card of the Settings page, one intent each, against one database and one signed-in
// administrator.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATES } from "#app/lib/notification-templates.ts";
import { action } from "#app/routes/admin/settings.tsx";
import { DEFAULT_WAYBILL_TERMS, DEFAULT_WAYBILL_TERMS_FR } from "#app/schemas/document-settings.ts";
import { DEFAULT_INVOICE_SETTINGS } from "#app/schemas/invoice-settings.ts";
import { parseSiteSettings } from "#app/schemas/site-settings.ts";
import { outbox, siteSettings } from "#app/server/db/schema.ts";
import { getDocumentSettings, waybillTermsIn } from "#app/server/documents/document-settings.server.ts";
import { getInvoiceSettings } from "#app/server/invoices/invoice-settings.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { getNotificationSettings } from "#app/server/settings/notification-settings.server.ts";
import { getSiteSettings } from "#app/server/settings/settings.server.ts";
import { findAdminByEmail } from "#app/server/staff/staff-accounts.server.ts";
import { getSessionUser } from "#app/server/staff/staff-sessions.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let cookie: string;
let token: string;
let userId: string;
const PASSWORD = "a sturdy staff passphrase";

beforeAll(async () => {
  services = await createTestServices();
  const staff = await signInStaff({ ...services, email: "boss@example.com", password: PASSWORD });
  ({ token, cookie } = staff);
  userId = staff.user.id;
});
afterAll(() => services.close());

type Reply = {
  data: { intent: string | null; result: { error?: Record<string, string[] | null> } | null };
  init: { status?: number } | null;
};

async function post(fields: Record<string, string> | [string, string][]) {
  const request = new Request("http://localhost/admin/settings", {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams(fields),
  });
  return action({ request, context: createTestContext(services), params: {} } as never);
}

const site = {
  intent: "site",
  companyName: "Unitrans <b>Global</b>",
  phone: "+231 88 123 4567",
  email: "desk@example.com",
  address: "Broad Street, Monrovia",
  "businessHours[0].days": "Monday - Friday",
  "businessHours[0].hours": "8:00 AM - 5:00 PM",
  "businessHours[1].days": "",
  "businessHours[1].hours": "",
  "businessHours[2].days": "Saturday",
  "businessHours[2].hours": "Closed",
  "social.facebook": "https://facebook.com/unitrans",
  "social.twitter": "",
  "social.linkedin": "",
  "social.instagram": "",
  timeZone: "Europe/London",
};

describe("the settings action", () => {
  it("saves the site details (text stays text; empty hour rows are dropped)", async () => {
    const response = (await post(site)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/settings");
    expect(await getSiteSettings({ db: services.db })).toEqual({
      companyName: "Unitrans <b>Global</b>",
      phone: "+231 88 123 4567",
      email: "desk@example.com",
      address: "Broad Street, Monrovia",
      businessHours: [
        { days: "Monday - Friday", hours: "8:00 AM - 5:00 PM" },
        { days: "Saturday", hours: "Closed" },
      ],
      social: { facebook: "https://facebook.com/unitrans", twitter: "", linkedin: "", instagram: "" },
      timeZone: "Europe/London",
    });
  });

  it("keeps the company's time zone only when it is one of Intl's IANA zones", async () => {
    const before = await getSiteSettings({ db: services.db });
    const unknown = "Unknown time zone. Choose one from the list, like Africa/Monrovia or Europe/London.";
    for (const timeZone of [
      "Mars/Olympus_Mons",
      "europe/london",
      "GMT+1",
      "Europe/London\u0000",
      "<b>UTC</b>",
    ]) {
      const reply = (await post({ ...site, timeZone })) as Reply;
      expect(reply.init?.status, timeZone).toBe(400);
      expect(reply.data.result?.error?.timeZone, timeZone).toEqual([unknown]);
    }
    const empty = (await post({ ...site, timeZone: "" })) as Reply;
    expect(empty.data.result?.error?.timeZone).toEqual(["Choose a time zone."]);
    const { timeZone: _, ...withoutZone } = site;
    const missing = (await post(withoutZone)) as Reply;
    expect(missing.data.result?.error?.timeZone).toEqual(["Choose a time zone."]);
    expect(await getSiteSettings({ db: services.db })).toEqual(before);

    expect(((await post({ ...site, timeZone: "Africa/Monrovia" })) as Response).status).toBe(302);
    expect((await getSiteSettings({ db: services.db })).timeZone).toBe("Africa/Monrovia");
  });

  it("falls back to Monrovia's time zone alone when the stored one is unknown to this runtime", () => {
    expect(parseSiteSettings({ companyName: "Kept", timeZone: "Atlantis/Capital" })).toMatchObject({
      companyName: "Kept",
      timeZone: "Africa/Monrovia",
    });
    expect(parseSiteSettings({ companyName: "Old settings" })).toMatchObject({
      companyName: "Old settings",
      timeZone: "Africa/Monrovia",
    });
  });

  it("refuses invalid site details with the messages, and keeps the stored ones", async () => {
    const before = await getSiteSettings({ db: services.db });
    const reply = (await post({
      ...site,
      phone: "call us",
      email: "nope",
      "businessHours[0].hours": "",
      "social.facebook": "javascript:alert(1)",
    })) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result?.error).toMatchObject({
      phone: ["Enter a phone number using digits, spaces and + ( ) - ."],
      email: ["Please enter a valid email address."],
      "businessHours[0].hours": ["Enter both the days and the hours, or leave both empty."],
      "social.facebook": ["Enter a full https:// address or leave empty."],
    });
    const noHours = (await post({
      ...site,
      "businessHours[0].days": "",
      "businessHours[0].hours": "",
      "businessHours[2].days": "",
      "businessHours[2].hours": "",
    })) as Reply;
    expect(noHours.data.result?.error?.businessHours).toEqual([
      "Enter the business hours of at least one day.",
    ]);
    const missing = (await post({ intent: "site" })) as Reply;
    expect(missing.init?.status).toBe(400);
    expect(await getSiteSettings({ db: services.db })).toEqual(before);
  });

  it("adds a staff account with the role chosen, never an Administrator by default", async () => {
    const noRole = (await post({
      intent: "add-user",
      email: "norole@example.com",
      password: "a temporary passphrase",
    })) as Reply;
    expect(noRole.init?.status).toBe(400);
    expect(noRole.data.result?.error?.role).toEqual(["Choose a role."]);
    expect(await findAdminByEmail({ db: services.db, email: "norole@example.com" })).toBeNull();
    const added = (await post({
      intent: "add-user",
      email: "desk@example.com",
      password: "a temporary passphrase",
      role: "operations",
    })) as Response;
    expect(added.status).toBe(302);
    expect(await findAdminByEmail({ db: services.db, email: "desk@example.com" })).toMatchObject({
      role: "operations",
      mustChangePassword: true,
    });
  });

  it("adds a staff account with a temporary password, once per address", async () => {
    const fields = {
      intent: "add-user",
      email: "Clerk@Example.com",
      name: "Clerk",
      password: "a temporary passphrase",
      role: "operations",
    };
    const added = (await post(fields)) as Response;
    expect(added.status).toBe(302);
    const clerk = await findAdminByEmail({ db: services.db, email: "clerk@example.com" });
    expect(clerk).toMatchObject({ email: "Clerk@Example.com", name: "Clerk", mustChangePassword: true });
    const again = (await post({ ...fields, email: "clerk@EXAMPLE.com" })) as Reply;
    expect(again.init?.status).toBe(400);
    expect(again.data.result?.error?.email).toEqual(["An account with this email already exists."]);
    const weak = (await post({ ...fields, email: "weak@example.com", password: "password1234" })) as Reply;
    expect(weak.data.result?.error?.password?.[0]).toContain("too common");
  });

  it("removes another account but never one's own", async () => {
    const clerk = (await findAdminByEmail({ db: services.db, email: "clerk@example.com" }))!;
    const self = (await post({ intent: "remove-user", userId })) as Response;
    expect(self.status).toBe(302);
    expect(await findAdminByEmail({ db: services.db, email: "boss@example.com" })).not.toBeNull();
    const other = (await post({ intent: "remove-user", userId: clerk.id })) as Response;
    expect(other.status).toBe(302);
    expect(await findAdminByEmail({ db: services.db, email: "clerk@example.com" })).toBeNull();
    const junk = (await post({ intent: "remove-user", userId: "'; drop table admin_users; --" })) as Reply;
    expect(junk.init?.status).toBe(400);
  });

  it("changes the password after checking the current one, and renews the session", async () => {
    const change = {
      intent: "change-password",
      newPassword: "a brand new passphrase",
      confirmPassword: "a brand new passphrase",
    };
    const wrong = (await post({ ...change, currentPassword: "not it at all" })) as Reply;
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data.result?.error?.[""]).toEqual(["The current password is not correct."]);
    const done = (await post({ ...change, currentPassword: PASSWORD })) as Response;
    expect(done.status).toBe(302);
    expect(await getSessionUser({ db: services.db, config: services.config, token })).toBeNull();
    const renewed = done.headers.getSetCookie().find((c) => c.startsWith("admin_session="))!;
    cookie = renewed.split(";")[0]!;
    expect(
      await getSessionUser({ db: services.db, config: services.config, token: cookie.split("=")[1]! }),
    ).not.toBeNull();
  });

  it("answers an unknown or repeated intent with 400", async () => {
    expect(((await post({ intent: "drop-everything" })) as Reply).init?.status).toBe(400);
    expect(
      (
        (await post([
          ["intent", "site"],
          ["intent", "add-user"],
        ])) as Reply
      ).init?.status,
    ).toBe(400);
  });
});

describe("Settings → Notifications", () => {
  const settingsNow = () => getNotificationSettings({ db: services.db });
  const messages = {
    intent: "notifications-messages",
    senderName: "Unitrans Notifications",
    replyTo: "desk@example.com",
    emailSubject: "Update on {trackingNumber}: {headline}",
    emailBody: "Dear customer,\r\n\r\nYour shipment is now: {status} ({place}).\r\nNote: {note}",
    sms: "{companyName}: {trackingNumber} {headline} {trackingUrl}",
  };

  it("turns the master switch off and on, and refuses anything but true or false", async () => {
    expect(((await post({ intent: "notifications-switch", enabled: "false" })) as Response).status).toBe(302);
    expect((await settingsNow()).enabled).toBe(false);
    const refused = (await post({ intent: "notifications-switch", enabled: "<script>" })) as Reply;
    expect(refused.init?.status).toBe(400);
    expect((await settingsNow()).enabled).toBe(false);
    expect(((await post({ intent: "notifications-switch", enabled: "true" })) as Response).status).toBe(302);
    expect((await settingsNow()).enabled).toBe(true);
  });

  it("puts a test message to the signed-in staff member in the outbox: the default notification about a sample shipment", async () => {
    const response = (await post({ intent: "notifications-test" })) as Response;
    expect(response.status).toBe(302);
    const rows = await services.db.select().from(outbox);
    const row = rows.find((r) => r.subject === "Test: UTG-1234-5678: Arrived at Port of Monrovia");
    expect(row?.to).toBe("boss@example.com");
    expect(row?.text).toContain("Status: Arrived");
    expect(row?.text).toContain("Track your shipment: ");
    expect(row?.html).toContain("Track your shipment</a>");
  });

  it("saves the sender, reply-to and templates (line breaks normalised), and the switch keeps them", async () => {
    await post({ intent: "notifications-switch", enabled: "false" });
    const response = (await post(messages)) as Response;
    expect(response.status).toBe(302);
    const saved = await settingsNow();
    expect(saved).toMatchObject({
      enabled: false,
      senderName: "Unitrans Notifications",
      replyTo: "desk@example.com",
      templates: {
        emailSubject: "Update on {trackingNumber}: {headline}",
        emailBody: "Dear customer,\n\nYour shipment is now: {status} ({place}).\nNote: {note}",
        sms: "{companyName}: {trackingNumber} {headline} {trackingUrl}",
      },
      customized: { emailSubject: true, emailBody: true, sms: true },
    });
    await post({ intent: "notifications-switch", enabled: "true" });
    expect(await settingsNow()).toEqual({ ...saved, enabled: true });

    // The test message uses them: subject, text, From with the sender name, Reply-To.
    await post({ intent: "notifications-test" });
    const rows = await services.db.select().from(outbox);
    const test = rows.find((r) => r.subject === "Test: Update on UTG-1234-5678: Arrived at Port of Monrovia");
    expect(test?.text).toContain("Dear customer,\n\nYour shipment is now: Arrived (Port of Monrovia).");
    expect(test?.headers).toMatchObject({
      From: '"Unitrans Notifications" <desk@example.com>',
      "Reply-To": "desk@example.com",
    });
  });

  it("resets one template to its default, keeping the others", async () => {
    await post(messages);
    const response = (await post({ ...messages, reset: "emailSubject", emailSubject: "{bogus" })) as Response;
    expect(response.status).toBe(302);
    const after = await settingsNow();
    expect(after.templates.emailSubject).toBe(DEFAULT_TEMPLATES.emailSubject);
    expect(after.customized).toEqual({ emailSubject: false, emailBody: true, sms: true });
    expect(after.templates.sms).toBe(messages.sms);
    // A template saved as its default text is not stored: it follows the product's default.
    await post({ ...messages, ...DEFAULT_TEMPLATES });
    expect((await settingsNow()).customized).toEqual({ emailSubject: false, emailBody: false, sms: false });
  });

  it("keeps hostile template text as plain text (it is escaped where it is sent)", async () => {
    const body = "<script>alert(1)</script> <b>{status}</b> & {note}";
    expect(((await post({ ...messages, emailBody: body })) as Response).status).toBe(302);
    expect((await settingsNow()).templates.emailBody).toBe(body);
  });

  it("refuses unknown placeholders, an SMS without the link, a subject with a line break, lengths and bad addresses, and changes nothing", async () => {
    await post(messages);
    const before = await settingsNow();
    const cases: [Record<string, string>, string, RegExp][] = [
      [
        { emailSubject: "{trackingNumber} {unknown}" },
        "emailSubject",
        /^Unknown placeholder \{unknown\}\. Use only \{trackingNumber\}, \{headline\}/,
      ],
      [
        { emailBody: "Hi {name} and { status }" },
        "emailBody",
        /^Unknown placeholders \{name\}, \{ status \}\./,
      ],
      [{ sms: "{trackingNumber}: {headline}" }, "sms", /^The SMS text must contain \{trackingUrl\}/],
      [{ emailSubject: "Hello\r\nBcc: victim@example.com" }, "emailSubject", /^The subject must be one line/],
      [{ emailSubject: "x".repeat(201) }, "emailSubject", /^At most 200 characters \(now 201\)\.$/],
      [{ emailBody: "x".repeat(5001) }, "emailBody", /^At most 5000 characters/],
      [{ sms: `{trackingUrl} ${"x".repeat(480)}` }, "sms", /^At most 480 characters/],
      [{ emailBody: "   " }, "emailBody", /^Enter the e-mail text, or reset it to the default\.$/],
      [{ emailBody: "Null \u0000 byte {status}" }, "emailBody", /^Contains control characters/],
      [{ replyTo: "not an address" }, "replyTo", /^Enter an e-mail address/],
      [{ replyTo: "a@example.com\r\nBcc: victim@example.com" }, "replyTo", /^Enter an e-mail address/],
      [{ senderName: "Evil\r\nBcc: victim@example.com" }, "senderName", /^The sender name must be one line/],
      [{ senderName: "x".repeat(101) }, "senderName", /^At most 100 characters\.$/],
    ];
    for (const [change, field, message] of cases) {
      const reply = (await post({ ...messages, ...change })) as Reply;
      expect(reply.init?.status, field).toBe(400);
      expect(reply.data.result?.error?.[field]?.[0], JSON.stringify(change)).toMatch(message);
    }
    const { emailSubject: _, ...missing } = messages;
    expect(((await post(missing)) as Reply).init?.status).toBe(400);
    // An unknown reset value resets nothing.
    expect(((await post({ ...messages, reset: "enabled" })) as Response).status).toBe(302);
    expect(await settingsNow()).toEqual(before);
  });
});

describe("Settings → Documents", () => {
  it("starts with the default waybill terms, saves new ones, and refuses empty or too long terms", async () => {
    expect(await getDocumentSettings({ db: services.db })).toEqual({
      waybillTerms: DEFAULT_WAYBILL_TERMS,
      waybillTermsFr: DEFAULT_WAYBILL_TERMS_FR,
    });
    const saved = (await post({
      intent: "documents",
      waybillTerms: "  Our terms <b>apply</b>.\nSecond line.  ",
    })) as Response;
    expect(saved.status).toBe(302);
    // The French terms left empty: the default French ones.
    expect(await getDocumentSettings({ db: services.db })).toEqual({
      waybillTerms: "Our terms <b>apply</b>.\nSecond line.",
      waybillTermsFr: DEFAULT_WAYBILL_TERMS_FR,
    });
    for (const [waybillTerms, message] of [
      ["   ", "Enter the waybill terms."],
      ["x".repeat(3001), "Waybill terms must be at most 3,000 characters."],
      ["bad\u0000byte", "Waybill terms contain characters that are not allowed."],
    ]) {
      const refused = (await post({ intent: "documents", waybillTerms: waybillTerms! })) as Reply;
      expect(refused.init?.status).toBe(400);
      expect(refused.data.result?.error?.waybillTerms).toEqual([message]);
    }
    expect((await getDocumentSettings({ db: services.db })).waybillTerms).toBe(
      "Our terms <b>apply</b>.\nSecond line.",
    );
    await post({ intent: "documents", waybillTerms: "Our terms.", waybillTermsFr: " Nos conditions. " });
    expect(await getDocumentSettings({ db: services.db })).toEqual({
      waybillTerms: "Our terms.",
      waybillTermsFr: "Nos conditions.",
    });
  });

  it("prints staff's English terms on a French waybill until they write French ones, never the default French beside new English terms", async () => {
    const frenchWaybill = async () => waybillTermsIn(await getDocumentSettings({ db: services.db }), "fr");
    const storedFrench = async () => {
      const [row] = await services.db
        .select({ value: siteSettings.value })
        .from(siteSettings)
        .where(eq(siteSettings.key, "documents"));
      return (row?.value as { waybillTermsFr?: string } | undefined)?.waybillTermsFr;
    };
    // Both default: the default French terms.
    await post({ intent: "documents", waybillTerms: DEFAULT_WAYBILL_TERMS, waybillTermsFr: "" });
    expect(await frenchWaybill()).toBe(DEFAULT_WAYBILL_TERMS_FR);
    // New English terms, the French field left empty or holding the default French terms (as the form once
    // posted them back): the French waybill prints the English terms, the one contract staff wrote.
    await post({ intent: "documents", waybillTerms: "Our own terms." });
    expect(await frenchWaybill()).toBe("Our own terms.");
    await post({
      intent: "documents",
      waybillTerms: "Our own terms.",
      waybillTermsFr: DEFAULT_WAYBILL_TERMS_FR,
    });
    expect(await storedFrench()).toBeUndefined();
    expect(await frenchWaybill()).toBe("Our own terms.");
    expect(waybillTermsIn(await getDocumentSettings({ db: services.db }), "en")).toBe("Our own terms.");
    // French terms staff typed: printed on a French waybill.
    await post({
      intent: "documents",
      waybillTerms: "Our own terms.",
      waybillTermsFr: "Nos propres conditions.",
    });
    expect(await storedFrench()).toBe("Nos propres conditions.");
    expect(await frenchWaybill()).toBe("Nos propres conditions.");
  });
});

describe("Settings → Invoices", () => {
  const invoices = (
    rates: [string, string][],
    overrides: Record<string, string> = {},
  ): [string, string][] => [
    ["intent", "invoices"],
    ...Object.entries({
      invoicePattern: "INV/{YYYY}/{NNNNN}",
      creditNotePattern: "CN-{YYYY}-{NNNN}",
      paymentTermsDays: "14",
      paymentInstructions: "Bank: LBDI 001-234567-01\r\nMTN Mobile Money: +231 88 000 1234",
      reminderDaysBefore: "3",
      reminderDaysAfter: "30, 7,  14",
      ...overrides,
    }),
    ...rates.flatMap(([name, percent]): [string, string][] => [
      ["taxName", name],
      ["taxPercent", percent],
    ]),
  ];

  it("starts with the defaults, saves numbering, terms, tax rates and instructions, and removes a ticked rate", async () => {
    expect(await getInvoiceSettings({ db: services.db })).toEqual(DEFAULT_INVOICE_SETTINGS);
    const saved = (await post(
      invoices([
        ["GST", "12"],
        ["Levy", "7.5 %"],
        ["", ""],
      ]),
    )) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/settings");
    expect(saved.headers.get("Set-Cookie")).toContain("toast=");
    expect(await getInvoiceSettings({ db: services.db })).toEqual({
      invoicePattern: "INV/{YYYY}/{NNNNN}",
      creditNotePattern: "CN-{YYYY}-{NNNN}",
      paymentTermsDays: 14,
      taxRates: [
        { name: "GST", basisPoints: 1200 },
        { name: "Levy", basisPoints: 750 },
      ],
      paymentInstructions: "Bank: LBDI 001-234567-01\nMTN Mobile Money: +231 88 000 1234",
      reminderDaysBefore: [3],
      reminderDaysAfter: [7, 14, 30],
    });

    // 'Remove on save' ticked on the first row (the row's place in the form).
    const removed = (await post([
      ...invoices([
        ["GST", "12"],
        ["Levy", "7.5"],
      ]),
      ["taxRemove", "0"],
    ])) as Response;
    expect(removed.status).toBe(302);
    expect((await getInvoiceSettings({ db: services.db })).taxRates).toEqual([
      { name: "Levy", basisPoints: 750 },
    ]);
  });

  it("refuses bad numbering, terms and rates with a message beside each field, and changes nothing", async () => {
    const before = await getInvoiceSettings({ db: services.db });
    const refused = (await post(
      invoices(
        [
          ["GST", "12"],
          ["gst", "abc"],
          ["", "5"],
        ],
        {
          invoicePattern: "INV-{NNNN}",
          creditNotePattern: "CN-<b>-{YYYY}",
          paymentTermsDays: "-1",
          reminderDaysBefore: "three",
          reminderDaysAfter: "0, 400",
        },
      ),
    )) as {
      data: { intent: string; invoiceSettings: { errors: Record<string, string>; values: unknown } };
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.intent).toBe("invoices");
    expect(refused.data.invoiceSettings.errors).toEqual({
      invoicePattern: "The pattern needs the year, written {YYYY}",
      creditNotePattern: "The pattern needs the number, written {NNNN} (3 to 6 N)",
      paymentTermsDays: "Enter a number of days from 0 to 365",
      reminderDaysBefore: "Enter up to 5 numbers of days, separated by commas, like 7, 30",
      reminderDaysAfter: "Each number of days goes from 1 to 365",
      "taxRates.1.name": "Each tax needs its own name",
      "taxRates.1.percent": "Enter the rate as a percentage from 0 to 100, like 12 or 7.5",
      "taxRates.2.name": "Enter the tax's name, like GST",
    });
    // What was typed comes back to the form.
    expect(refused.data.invoiceSettings.values).toMatchObject({
      invoicePattern: "INV-{NNNN}",
      taxRates: [
        { name: "GST", percent: "12" },
        { name: "gst", percent: "abc" },
        { name: "", percent: "5" },
      ],
    });
    const samePattern = (await post(invoices([], { creditNotePattern: "INV/{YYYY}/{NNNNN}" }))) as {
      data: { invoiceSettings: { errors: Record<string, string> } };
      init: { status: number };
    };
    expect(samePattern.init.status).toBe(400);
    expect(samePattern.data.invoiceSettings.errors).toEqual({
      creditNotePattern: "Credit notes need a pattern of their own, so their numbers differ from invoices'",
    });
    expect(await getInvoiceSettings({ db: services.db })).toEqual(before);
  });
});
