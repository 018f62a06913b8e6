import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { contactMessageSchema } from "#app/schemas/contact-message.ts";
import { quoteRequestSchema } from "#app/schemas/quote-request.ts";
import { EMAIL_PATTERN, type FieldErrors } from "#app/schemas/rules/form-rules.ts";
import {
  checkContactMessage,
  checkQuoteRequest,
  checkServiceInquiry,
} from "#app/schemas/rules/public-form-checks.ts";
import { serviceInquirySchema } from "#app/schemas/service-inquiry.ts";

// The browser checks the public forms without zod; the server keeps the zod schemas. For the same
// form data, both must give the same messages in the same order (the page shows the first one).

type Entries = [string, string][];

function formData(entries: Entries): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

/** What the server answers: the schema's messages per field, as Conform parses the form. */
function serverErrors(schema: z.ZodObject, entries: Entries): FieldErrors {
  const submission = parseWithZod(formData(entries), { schema });
  if (submission.status === "success") return {};
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(submission.reply().error ?? {})) {
    if (messages?.length) errors[name] = messages;
  }
  return errors;
}

const texts = [
  "",
  " ",
  "a",
  "ab",
  " ab ",
  "Musu",
  "   Joseph Kollie   ",
  "Shipping",
  "Ten chars!",
  "Too short",
  "Hello, I would like to ship a car to Accra.",
  "line one\r\nline two",
  "line one\rline two\n",
  "tab\there",
  "bell\u0007",
  "\u0007",
  "nul\u0000x",
  "del\u007f",
  "zero width\u200b space",
  "<b>bold</b> & 'quotes'",
  "Ünïcödé 日本語 🚚",
  "x".repeat(99),
  "x".repeat(100),
  "x".repeat(101),
  "x".repeat(200),
  "x".repeat(201),
  "x".repeat(4999),
  "x".repeat(5000),
  "x".repeat(5001),
  ` ${"x".repeat(5000)} `,
  `${"x".repeat(5001)}\u0007`,
  "a\u0007",
  "\r\n".repeat(3000),
];

const emails = [
  "",
  " ",
  "musu@example.com",
  " musu@example.com ",
  "MUSU@EXAMPLE.COM",
  "first.last+tag@mail.example.co.uk",
  "o'brien@example.ie",
  "not-an-email",
  "a@b",
  "a@b.c",
  "a@b.co",
  ".a@example.com",
  "a.@example.com",
  "a..b@example.com",
  "a@-example.com",
  "a@example..com",
  "a b@example.com",
  "a@example.com\u0007",
  "ü@example.com",
  `${"x".repeat(243)}@example.com`,
  `${"x".repeat(244)}@example.com`,
  ` ${"x".repeat(242)}@example.com `,
];

function* cases(base: Record<string, string>, values: Record<string, readonly string[]>): Generator<Entries> {
  yield [];
  yield Object.entries(base);
  yield Object.keys(base).map((name) => [name, ""]);
  for (const [field, options] of Object.entries(values)) {
    for (const value of options) {
      yield Object.entries({ ...base, [field]: value });
    }
    // A repeated field, and a missing one.
    yield [...Object.entries(base), [field, options[1] ?? "x"]];
    yield Object.entries(base).filter(([name]) => name !== field);
  }
}

function expectSameErrors(
  schema: z.ZodObject,
  check: (formData: FormData) => FieldErrors,
  allCases: Iterable<Entries>,
) {
  let count = 0;
  for (const entries of allCases) {
    expect(check(formData(entries)), JSON.stringify(entries).slice(0, 300)).toEqual(
      serverErrors(schema, entries),
    );
    count++;
  }
  expect(count).toBeGreaterThan(50);
}

describe("the browser's checks give the server's messages", () => {
  it("uses zod's own e-mail pattern", () => {
    const sameMeaning = (source: string) => source.replaceAll("\\-", "-");
    expect(sameMeaning(EMAIL_PATTERN.source)).toBe(sameMeaning(z.regexes.email.source));
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  it("contact form", () => {
    const base = {
      name: "Joseph Kollie",
      email: "joseph@example.com",
      subject: "Shipping a car",
      message: "Hello, I would like to ship a car to Accra.",
    };
    expectSameErrors(
      contactMessageSchema,
      checkContactMessage,
      cases(base, { name: texts, email: emails, subject: texts, message: texts }),
    );
  });

  it("quote form", () => {
    const base = {
      firstName: "Musu",
      lastName: "Flomo",
      email: "musu@example.com",
      cityDeparture: "Monrovia",
      deliveryCity: "Accra",
      parcelType: "Pallets",
      weight: "2 tons",
      specialInfo: "Fragile",
      freightTypes: "sea",
    };
    const parcelTypes = ["", "Pallets", "Documents", "Full Container", "pallets", "Boat", " Pallets"];
    const freight = ["", "air", "sea", "road", "rail", "AIR", " air"];
    const all = [
      ...cases(base, {
        firstName: texts,
        lastName: texts,
        email: emails,
        cityDeparture: texts,
        deliveryCity: texts,
        parcelType: parcelTypes,
        weight: texts,
        specialInfo: texts,
        freightTypes: freight,
      }),
    ];
    const withoutFreight = Object.entries(base).filter(([name]) => name !== "freightTypes");
    for (const boxes of [
      [],
      ["air", "sea"],
      ["air", "air"],
      ["road", "air", "sea"],
      ["air", "rail"],
      ["", "sea"],
    ]) {
      all.push([...withoutFreight, ...boxes.map((value): [string, string] => ["freightTypes", value])]);
    }
    expectSameErrors(quoteRequestSchema, checkQuoteRequest, all);
  });

  it("side form on /services", () => {
    const base = {
      name: "Grace Togba",
      email: "grace@example.com",
      shipmentType: "sea",
      message: "One 40 ft container to Antwerp.",
    };
    expectSameErrors(
      serviceInquirySchema,
      checkServiceInquiry,
      cases(base, {
        name: texts,
        email: emails,
        shipmentType: ["", "air", "sea", "land", "road", "Air", "air "],
        message: texts,
      }),
    );
  });

  it("also for random text", () => {
    const alphabet = [
      "a",
      "B",
      "7",
      " ",
      "\t",
      "\n",
      "\r",
      "\u0000",
      "\u0007",
      "\u007f",
      "\u0085",
      "é",
      "@",
      ".",
    ];
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const text = () =>
      Array.from(
        { length: Math.floor(random() * 14) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join("");
    const all: Entries[] = [];
    for (let i = 0; i < 300; i++) {
      all.push([
        ["name", text()],
        ["email", `${text()}@${text()}.com`],
        ["subject", text()],
        ["message", text()],
      ]);
    }
    expectSameErrors(contactMessageSchema, checkContactMessage, all);
  });
});
