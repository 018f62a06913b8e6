// Action specs of the security suite: invoices and credit notes (decision 026). Not strict: the fields a blank or
// whitespace value leaves valid (party, e-mail, tax, shipments: all optional).

import { type Fixtures, type Spec, unique } from "./action-kit.ts";
import type { Entries } from "./corpus.ts";

/** A valid draft, one line (a hostile value in a repeated field replaces it). */
export function invoiceDraftEntries(intent = "save-draft"): Entries {
  return [
    ["intent", intent],
    ["party", ""],
    ["customerName", "Kofi Boateng"],
    ["customerCompany", "Boateng Imports"],
    ["customerEmail", "kofi@example.com"],
    ["billingAddress", "4 Ashley Street, Monrovia"],
    ["currency", "USD"],
    ["paymentTermsDays", "30"],
    ["notes", "Thank you for your business."],
    ["paymentInstructions", "Bank: LBDI 123"],
    ["lineDescription", "Air freight"],
    ["lineQuantity", "1"],
    ["lineUnitPrice", "500.00"],
    ["lineTax", ""],
  ];
}

/**
 * A valid 'Record payment' of 1.00 for `invoiceId`, kept as the customer's credit (nothing taken off the invoice,
 * so the suite's many valid posts never pay it off), with a fresh form key each time.
 */
export function paymentEntries(invoiceId: string): Entries {
  return [
    ["intent", "record-payment"],
    ["submissionKey", `sec-${unique()}-${crypto.randomUUID()}`],
    ["receivedOn", "2026-01-15"],
    ["method", "cash"],
    ["reference", "Receipt book 12"],
    ["currency", "USD"],
    ["amount", "1.00"],
    ["rate", ""],
    ["overpayment", "on"],
    ["note", "Paid at the counter."],
    ["applyInvoice", invoiceId],
    ["applyAmount", ""],
  ];
}

const STRICT = ["intent", "currency", "paymentTermsDays", "lineQuantity", "lineUnitPrice"];
const TEXT = [
  "customerName",
  "customerCompany",
  "billingAddress",
  "notes",
  "paymentInstructions",
  "lineDescription",
];
const STORE = {
  table: "invoices",
  columns: {
    customerName: "customer_name",
    customerCompany: "customer_company",
    billingAddress: "billing_address",
    notes: "notes",
    paymentInstructions: "payment_instructions",
  },
};

export function invoiceActions(f: Fixtures): Record<string, Spec[]> {
  return {
    "routes/admin/invoices.new": [
      { name: "save draft", fields: () => invoiceDraftEntries(), strict: STRICT, text: TEXT, store: STORE },
    ],
    "routes/admin/invoices.$id": [
      // The fixture draft (fillPattern): saved again and again, never issued by a valid post here.
      { name: "save draft", fields: () => invoiceDraftEntries(), strict: STRICT, text: TEXT, store: STORE },
      { name: "issue", fields: () => invoiceDraftEntries("issue-invoice"), strict: STRICT, text: [] },
      {
        name: "delete draft",
        path: `/admin/invoices/${f.victimInvoice}`,
        fields: () => [["intent", "delete-draft"]],
        strict: ["intent"],
        text: [],
      },
      {
        name: "use credit",
        path: `/admin/invoices/${f.payableInvoice}`,
        fields: () => [["intent", "apply-credit"]],
        strict: ["intent"],
        text: [],
      },
      {
        // The suite's app has no mail server: a valid post keeps one reminder a minute in the outbox.
        name: "send a reminder now",
        path: `/admin/invoices/${f.payableInvoice}`,
        fields: () => [["intent", "send-reminder"]],
        strict: ["intent"],
        text: [],
      },
      {
        // The first valid reason voids the issued fixture; later ones are refused (void already).
        name: "void",
        path: `/admin/invoices/${f.issuedInvoice}`,
        fields: () => [
          ["intent", "void-invoice"],
          ["reason", "Issued to the wrong customer"],
        ],
        strict: ["intent"],
        text: ["reason"],
        store: { table: "invoices", columns: { reason: "void_reason" } },
      },
    ],
    "routes/admin/payments.new": [
      {
        name: "record payment",
        path: `/admin/payments/new?invoice=${f.payableInvoice}`,
        fields: () => paymentEntries(f.payableInvoice),
        strict: [
          "intent",
          "submissionKey",
          "receivedOn",
          "method",
          "currency",
          "amount",
          "overpayment",
          "applyInvoice",
        ],
        text: ["reference", "note"],
        store: { table: "payments", columns: { reference: "reference", note: "note" } },
      },
    ],
    "routes/admin/payments.$id": [
      {
        // The first valid reason reverses the fixture payment; later ones are refused (reversed already).
        name: "reverse",
        path: `/admin/payments/${f.payment}`,
        fields: () => [
          ["intent", "reverse-payment"],
          ["reason", "Cheque bounced"],
        ],
        strict: ["intent"],
        text: ["reason"],
        store: { table: "payments", columns: { reason: "reversal_reason" } },
      },
      {
        // The fixture invoice's customer has no e-mail: every post is refused, and nothing is queued.
        name: "e-mail receipt",
        path: `/admin/payments/${f.payment}`,
        fields: () => [
          ["intent", "email-receipt"],
          ["submissionKey", `sec-${unique()}-key`],
        ],
        strict: ["intent", "submissionKey"],
        text: [],
      },
    ],
    // 'Send' (its own route): the form's key and the address; the suite's app has no mail server, so even a
    // valid post is refused (nothing is sent) and a hostile key or address is refused before that.
    "routes/admin/invoices.$id.send": [
      {
        name: "send",
        path: `/admin/invoices/${f.issuedInvoice}/send`,
        fields: () => [
          ["submissionKey", crypto.randomUUID()],
          ["to", "kofi@example.com"],
        ],
        strict: ["submissionKey", "to"],
        text: [],
      },
    ],
  };
}
