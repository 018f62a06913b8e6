// The Settings page's Invoices card: numbering, payment terms, tax rates, instructions and reminders.
import { describe, expect, it } from "vitest";
import { DEFAULT_INVOICE_SETTINGS } from "#app/schemas/invoice-settings.ts";
import type { Services } from "#app/server/services.server.ts";
import { getInvoiceSettings } from "#app/server/settings/invoice-settings.server.ts";
import { signedInAdministrator } from "./settings.test-support.ts";

let services: Services;
const post = signedInAdministrator((signedIn) => {
  ({ services } = signedIn);
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
