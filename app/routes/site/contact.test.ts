import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "#app/routes/site/contact.tsx";
import { contactSubmissions, quoteRequests } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";
import { type Entries, formData, postContact, quoteEntries, uniqueEmail } from "./contact.test-support.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const post = (body: BodyInit, options?: Parameters<typeof postContact>[2]) =>
  postContact(services, body, options);
const quotesFor = (email: string) =>
  services.db.select().from(quoteRequests).where(eq(quoteRequests.email, email));
const _messagesFor = (email: string) =>
  services.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, email));

describe("contact page loader", () => {
  it("issues a fresh submission key for each form on every render", async () => {
    const args = () => ({
      request: new Request("http://localhost/contact"),
      context: createTestContext(services),
    });
    const first = await loader(args() as never);
    const second = await loader(args() as never);
    expect(first.quoteKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.contactKey).not.toBe(first.quoteKey);
    expect(second.quoteKey).not.toBe(first.quoteKey);
  });
});

describe("quote form", () => {
  it("stores a valid request unread, with special_info null when empty and the freight types as a list", async () => {
    const email = uniqueEmail("quote");
    const reply = await post(formData(quoteEntries(email)));
    expect(reply.init?.status).toBe(200);
    expect(reply.data).toMatchObject({ form: "quote", outcome: "success", result: { initialValue: null } });
    const rows = await quotesFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: "Musu",
      lastName: "Flomo",
      cityDeparture: "Monrovia",
      deliveryCity: "Accra",
      parcelType: "Pallets",
      weight: "10 kg, 2 tons",
      specialInfo: null,
      freightTypes: ["air", "sea"],
      isRead: false,
    });
  });

  it("stores an optional phone number of any country in E.164, and refuses one that is not a number", async () => {
    const liberian = uniqueEmail("phone-lr");
    await post(formData(quoteEntries(liberian, { phone: "0770 123 456" })));
    const foreign = uniqueEmail("phone-gb");
    // A London landline: lenient, any valid number, not only mobiles.
    await post(formData(quoteEntries(foreign, { phone: "+44 20 7946 0958" })));
    const none = uniqueEmail("phone-none");
    await post(formData(quoteEntries(none, { phone: "  " })));
    expect((await quotesFor(liberian))[0]?.phone).toBe("+231770123456");
    expect((await quotesFor(foreign))[0]?.phone).toBe("+442079460958");
    expect((await quotesFor(none))[0]?.phone).toBeNull();

    const bad = uniqueEmail("phone-bad");
    for (const phone of ["12", "call me", "+999 123 4567", "1".repeat(41)]) {
      const reply = await post(formData(quoteEntries(bad, { phone })));
      expect(reply.init?.status).toBe(400);
      expect(reply.data.result.error).toEqual({
        phone: [
          "Please enter a valid phone number for the country chosen, or start it with + and the country code.",
        ],
      });
    }
    expect(await quotesFor(bad)).toHaveLength(0);
  });

  it("reads a number typed the local way in the country chosen beside it, and refuses one invalid there", async () => {
    // The French form's '07 07 12 34 56' was stored as +231707123456, an invalid Liberian number: with its
    // country it is the Ivorian number it is.
    const ivorian = uniqueEmail("phone-ci");
    const ok = await post(formData(quoteEntries(ivorian, { phone: "07 07 12 34 56", phoneCountry: "CI" })));
    expect(ok.init?.status ?? 200).toBe(200);
    expect((await quotesFor(ivorian))[0]?.phone).toBe("+2250707123456");
    // A leading + names its own country, whatever the list says.
    const plus = uniqueEmail("phone-plus");
    await post(formData(quoteEntries(plus, { phone: "+225 07 07 12 34 56", phoneCountry: "LR" })));
    expect((await quotesFor(plus))[0]?.phone).toBe("+2250707123456");
    // Without the list (a post not from our page): the delivery place's country, else Liberia.
    const byPlace = uniqueEmail("phone-place");
    await post(
      formData(quoteEntries(byPlace, { phone: "07 07 12 34 56", deliveryCity: "Abidjan, Côte d'Ivoire" })),
    );
    expect((await quotesFor(byPlace))[0]?.phone).toBe("+2250707123456");

    // The same digits in Liberia, chosen or by default: a clear message, nothing stored.
    const wrong = uniqueEmail("phone-lr-invalid");
    for (const country of ["LR", ""]) {
      const entries = quoteEntries(wrong, {
        phone: "07 07 12 34 56",
        ...(country ? { phoneCountry: country } : {}),
      });
      const reply = await post(formData(entries));
      expect(reply.init?.status).toBe(400);
      expect(reply.data.result.error).toEqual({
        phone: [
          "Please enter a valid phone number for the country chosen, or start it with + and the country code.",
        ],
      });
    }
    // A country not in the list (a tampered post) is refused too.
    const reply = await post(formData(quoteEntries(wrong, { phone: "0770 123 456", phoneCountry: "XX" })));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toEqual({
      phoneCountry: ["Please choose the phone number's country from the list."],
    });
    expect(await quotesFor(wrong)).toHaveLength(0);
  });

  it("stores the requester's company, optional, on one line", async () => {
    const email = uniqueEmail("company");
    await post(formData(quoteEntries(email, { company: "  Mensah Trading Ltd " })));
    expect((await quotesFor(email))[0]?.company).toBe("Mensah Trading Ltd");
    const none = uniqueEmail("company-none");
    await post(formData(quoteEntries(none, { company: "" })));
    expect((await quotesFor(none))[0]?.company).toBeNull();
    const bad = uniqueEmail("company-bad");
    for (const [company, message] of [
      ["Mensah\nTrading", "Company contains characters that are not allowed."],
      ["M".repeat(161), "Company must be at most 160 characters."],
    ] as const) {
      const reply = await post(formData(quoteEntries(bad, { company })));
      expect(reply.init?.status).toBe(400);
      expect(reply.data.result.error).toEqual({ company: [message] });
    }
    expect(await quotesFor(bad)).toHaveLength(0);
  });

  it("stores an optional cargo ready date, and refuses one that is not a real date", async () => {
    const email = uniqueEmail("ready");
    await post(formData(quoteEntries(email, { readyDate: "2026-12-10" })));
    expect((await quotesFor(email))[0]?.readyDate).toBe("2026-12-10");
    const none = uniqueEmail("ready-none");
    await post(formData(quoteEntries(none, { readyDate: "" })));
    expect((await quotesFor(none))[0]?.readyDate).toBeNull();
    const bad = uniqueEmail("ready-bad");
    for (const readyDate of ["2026-02-30", "10/12/2026", "tomorrow"]) {
      const reply = await post(formData(quoteEntries(bad, { readyDate })));
      expect(reply.init?.status).toBe(400);
      expect(reply.data.result.error).toEqual({ readyDate: ["Please enter a real date (YYYY-MM-DD)."] });
    }
    expect(await quotesFor(bad)).toHaveLength(0);
  });

  it("stores special information with its line breaks", async () => {
    const email = uniqueEmail("info");
    await post(formData(quoteEntries(email, { specialInfo: "  Fragile.\nKeep dry.  " })));
    expect((await quotesFor(email))[0]?.specialInfo).toBe("Fragile.\nKeep dry.");
  });

  it("stores one row for a double click or a resubmitted page (same submission key)", async () => {
    const email = uniqueEmail("double");
    const entries = quoteEntries(email, { submissionKey: crypto.randomUUID() });
    const [first, second] = await Promise.all([post(formData(entries)), post(formData(entries))]);
    const third = await post(formData(entries));
    for (const reply of [first, second, third]) expect(reply.data.outcome).toBe("success");
    expect(await quotesFor(email)).toHaveLength(1);
  });

  it("answers a success with what was sent, for the confirmation on the page", async () => {
    const email = uniqueEmail("sent");
    const reply = await post(formData(quoteEntries(email)));
    expect(reply.data.sent).toEqual({
      email,
      details: [
        { label: "Route", value: "Monrovia → Accra" },
        { label: "Cargo", value: "Pallets, 10 kg, 2 tons" },
        { label: "Freight", value: "Air Freight, Sea Freight" },
      ],
    });
  });

  it("answers success to a filled honeypot and stores nothing", async () => {
    const email = uniqueEmail("bot");
    const reply = await post(formData(quoteEntries(email, { website: "https://spam.example" })));
    expect(reply.init?.status).toBe(200);
    expect(reply.data.outcome).toBe("success");
    // Nothing stored, so nothing to confirm.
    expect(reply.data.sent).toBeUndefined();
    expect(await quotesFor(email)).toHaveLength(0);
  });

  it("answers 400 with the spec's messages and keeps the typed values", async () => {
    const email = uniqueEmail("invalid");
    const reply = await post(
      formData([
        ["intent", "quote"],
        ["firstName", "M"],
        ["email", email],
      ]),
    );
    expect(reply.init?.status).toBe(400);
    expect(reply.data.outcome).toBe("invalid");
    expect(reply.data.result.error).toMatchObject({
      firstName: ["First name must be at least 2 characters."],
      lastName: ["Last name must be at least 2 characters."],
      cityDeparture: ["Please specify a valid departure city."],
      deliveryCity: ["Please specify a valid delivery city."],
      parcelType: ["Please select a parcel type."],
      weight: ["Please specify the weight."],
      freightTypes: ["Please select at least one freight type."],
    });
    expect(reply.data.result.initialValue).toMatchObject({ firstName: "M", email });
  });

  it("stores HTML and SQL in text fields as plain text", async () => {
    const email = uniqueEmail("plain");
    const html = `<img src=x onerror="alert(1)"><script>alert(2)</script>`;
    const sql = `Robert'); DROP TABLE quote_requests; --`;
    const reply = await post(
      formData(quoteEntries(email, { firstName: html, lastName: sql, specialInfo: `${html}\n${sql}` })),
    );
    expect(reply.data.outcome).toBe("success");
    const [row] = await quotesFor(email);
    expect(row).toMatchObject({ firstName: html, lastName: sql, specialInfo: `${html}\n${sql}` });
  });

  const hostile: [string, (email: string) => Entries][] = [
    [
      "HTML in every field",
      (email) =>
        quoteEntries(email).map(([name, value]) => [
          name,
          ["intent", "website", "submissionKey"].includes(name)
            ? value
            : `<b>${String(value)}</b><script>x</script>`,
        ]),
    ],
    [
      "SQL in every field",
      (email) =>
        quoteEntries(email).map(([name, value]) => [
          name,
          ["intent", "website", "submissionKey"].includes(name)
            ? value
            : `' OR 1=1; DROP TABLE quote_requests; --${String(value)}`,
        ]),
    ],
    ["a 1 MB string", (email) => quoteEntries(email, { firstName: "x".repeat(1024 * 1024) })],
    ["a 1 MB special information", (email) => quoteEntries(email, { specialInfo: "y\n".repeat(512 * 1024) })],
    ["control characters", (email) => quoteEntries(email, { lastName: "Flo\u0000mo", weight: "10\u001bkg" })],
    [
      "repeated fields",
      (email) => [...quoteEntries(email), ["firstName", "Second"], ["parcelType", "Other"]],
    ],
    [
      "missing fields",
      (email) => [
        ["intent", "quote"],
        ["email", email],
      ],
    ],
    ["an unknown parcel type", (email) => quoteEntries(email, { parcelType: "Rockets" })],
    ["an unknown freight type", (email) => [...quoteEntries(email), ["freightTypes", "rail"]]],
    [
      "a file instead of text",
      (email) => [
        ...quoteEntries(email).filter(([name]) => name !== "weight"),
        ["weight", new File(["10 kg"], "w.txt")],
      ],
    ],
    [
      "Conform's reserved fields",
      (email) => [
        ...quoteEntries(email, { firstName: "" }),
        ["__intent__", "{not json"],
        ["__state__", "[["],
      ],
    ],
  ];
  for (const [label, build] of hostile) {
    it(`answers 400 and stores nothing for ${label}`, async () => {
      const email = uniqueEmail("hostile");
      const reply = await post(formData(build(email)));
      expect(reply.init?.status).toBe(400);
      expect(reply.data.outcome).toBe("invalid");
      expect(Object.values(reply.data.result.error ?? {}).flat().length).toBeGreaterThan(0);
      expect(await quotesFor(email)).toHaveLength(0);
      // Values echoed back to the form are cut short.
      const echoed = Object.values(reply.data.result.initialValue ?? {}).flat();
      for (const value of echoed) expect(String(value).length).toBeLessThanOrEqual(10_000);
    });
  }

  it("ignores fields that are not part of the form", async () => {
    const email = uniqueEmail("extra");
    const reply = await post(
      formData([...quoteEntries(email), ["isRead", "true"], ["id", "1"], ["__proto__.polluted", "yes"]]),
    );
    expect(reply.data.outcome).toBe("success");
    expect((await quotesFor(email))[0]?.isRead).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
