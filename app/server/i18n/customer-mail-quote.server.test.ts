// The quote e-mail in its request's language (decision 030) on a real PostgreSQL and a real SMTP server: a
// request sent from a French page gets French words, French money and dates, and the link at the French
// address, as the SMTP server received it; one from an English page gets today's English, every word of it.
// The billing e-mails are tested in customer-mail-billing.server.test.ts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { quoteRequests } from "#app/server/db/schema.ts";
import {
  plain,
  SITE,
  settings,
  setUpCustomerMailServices,
} from "#app/server/i18n/customer-mail.test-support.ts";
import { createQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";
import { saveQuoteDraft, sendQuote } from "#app/server/quotes/quotes.server.ts";
import type { Services } from "#app/server/services.server.ts";
import type { SmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let smtp: SmtpTestServer;
const { mailsTo } = setUpCustomerMailServices(createTestServices, (started) => {
  ({ services, smtp } = started);
});

// --- Reading a message as the SMTP server received it: its Subject and its text part, decoded. ---
const utf8 = (bytes: number[]) => Buffer.from(bytes).toString("utf8");
function quotedPrintable(text: string, underscoreIsSpace = false): string {
  const bytes: number[] = [];
  const body = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < body.length; i++) {
    if (body[i] === "=" && /^[0-9A-F]{2}$/i.test(body.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (underscoreIsSpace && body[i] === "_") bytes.push(0x20);
    else bytes.push(...Buffer.from(body[i]!, "utf8"));
  }
  return utf8(bytes);
}
function receivedSubject(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? "";
  return subject
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : quotedPrintable(data, true),
    );
}
function receivedText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /Content-Type:\s*text\/plain/i.test(p)) ?? raw;
  const [head, ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n").split(/\r?\n--/)[0]!;
  if (/Content-Transfer-Encoding:\s*base64/i.test(head!))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(head!))
    return quotedPrintable(body).replace(/\r\n/g, "\n");
  return body.replace(/\r\n/g, "\n");
}

describe("the quote", () => {
  async function quoteSentTo(email: string, language: "en" | "fr") {
    const { id } = await createQuoteRequest({
      db: services.db,
      input: {
        firstName: "Ama",
        lastName: "Mensah",
        email,
        cityDeparture: "Monrovia",
        deliveryCity: "Abidjan",
        parcelType: "Pallets",
        weight: "250 kg",
        specialInfo: "",
        freightTypes: ["sea"],
      },
      submissionKey: `quote-${email}`,
    });
    // The page the request came from (the forms set it from the page's language).
    await services.db.update(quoteRequests).set({ language }).where(eq(quoteRequests.id, id!));
    await saveQuoteDraft({
      db: services.db,
      requestId: id!,
      input: {
        currency: "XOF",
        validUntil: "2026-12-07",
        transitTime: "12 days",
        incoterm: "FOB",
        terms: "Payment before release.",
        note: null,
        lines: [
          { description: "Sea freight", amountMinor: 1_200_000 },
          { description: "Customs clearance", amountMinor: 150_000 },
        ],
      },
      staffId: null,
      timeZone: settings.timeZone,
    });
    const sent = await sendQuote({
      db: services.db,
      config: services.config,
      logger: services.logger,
      requestId: id!,
      staffId: null,
      settings: { ...settings, email: "ops@unitrans.example" },
      now: new Date("2026-11-23T10:00:00Z"),
    });
    if (!sent.ok) throw new Error(sent.reason);
    return sent.token;
  }

  it("reaches a request sent from a French page in French, through SMTP, with the French link", async () => {
    const token = await quoteSentTo("awa.fr@example.com", "fr");
    await services.outbox.drain();
    const mail = smtp.received.find((m) => m.to.includes("awa.fr@example.com"));
    expect(mail).toBeDefined();
    expect(plain(receivedSubject(mail!.raw))).toBe("Votre devis Unitrans : Monrovia – Abidjan");
    expect(plain(receivedText(mail!.raw))).toBe(`Bonjour Ama Mensah,

Merci pour votre demande de devis. Voici notre devis pour le trajet Monrovia – Abidjan :

- Sea freight: 1 200 000 F CFA
- Customs clearance: 150 000 F CFA

Total : 1 350 000 F CFA
Valable jusqu’au : 7 déc. 2026
Délai de transit : 12 days
Incoterm : FOB

Pour lire le devis complet et ses conditions, le télécharger en PDF, puis l’accepter ou le refuser, ouvrez :
${SITE}/fr/devis/${token}

Unitrans
ops@unitrans.example · +231 555 0100`);
  });

  it("reaches a request sent from an English page in today's English", async () => {
    const token = await quoteSentTo("ama.en@example.com", "en");
    expect(await mailsTo("ama.en@example.com")).toEqual([
      {
        subject: "Your quote from Unitrans: Monrovia to Abidjan",
        text: `Dear Ama Mensah,

Thank you for your quote request. Here is our quote for Monrovia to Abidjan:

- Sea freight: 1,200,000 XOF
- Customs clearance: 150,000 XOF

Total: 1,350,000 XOF
Valid until: December 7, 2026
Transit time: 12 days
Incoterm: FOB

To read the full quote and its terms, download it as a PDF, and accept or decline it, open:
${SITE}/quote/${token}

Unitrans
ops@unitrans.example · +231 555 0100`,
      },
    ]);
  });
});
