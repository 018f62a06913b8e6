import { describe, expect, it } from "vitest";
import {
  applyTemplateReset,
  composeEmailText,
  DEFAULT_TEMPLATES,
  fillSms,
  fillSubject,
  fillTemplate,
  notificationTemplatesFormSchema,
  sampleValues,
  templateProblems,
} from "#app/lib/notification-templates.ts";
import { analyzeSmsText } from "#app/lib/sms-text.ts";

const values = sampleValues({
  siteUrl: "https://freight.example.com/",
  companyName: "Unitrans Global Logistics",
  companyAddress: "Broad Street, Monrovia",
  companyPhone: "+231 77 700 1995",
});

describe("filling templates", () => {
  it("fills every occurrence, drops a line whose placeholders are all empty, and leaves unknown names as typed", () => {
    expect(
      fillTemplate("{trackingNumber} / {trackingNumber}\nNote: {note}\nPlain line\n{x}", {
        trackingNumber: "UTG-1",
        note: "",
      }),
    ).toBe("UTG-1 / UTG-1\nPlain line\n{x}");
  });

  it("makes the default subject 'UTG-1234-5678: Arrived at Port of Monrovia', one line whatever a value holds", () => {
    expect(fillSubject(DEFAULT_TEMPLATES.emailSubject, values)).toBe(
      "UTG-1234-5678: Arrived at Port of Monrovia",
    );
    expect(
      fillSubject("{trackingNumber}: {note}", { ...values, note: "seal\r\nBcc: victim@example.com\u0000" }),
    ).toBe("UTG-1234-5678: seal Bcc: victim@example.com");
  });

  it("always adds the heading, the tracking link, the company and the unsubscribe link around staff's text", () => {
    const text = composeEmailText({
      body: "Hello!",
      values,
      steps: [],
      unsubscribeUrl: "https://freight.example.com/unsubscribe/T",
    });
    expect(text).toBe(
      [
        "Shipment UTG-1234-5678: Arrived at Port of Monrovia",
        "Hello!",
        "Track your shipment: https://freight.example.com/track/UTG-1234-5678",
        "Unitrans Global Logistics\nBroad Street, Monrovia\n+231 77 700 1995",
        "You receive this message about shipment UTG-1234-5678 from Unitrans Global Logistics. Unsubscribe: https://freight.example.com/unsubscribe/T",
      ].join("\n\n"),
    );
  });
});

describe("the SMS", () => {
  const long = { ...values, headline: `Arrived at ${"Freeport of Monrovia, Bushrod Island ".repeat(5)}` };

  it("keeps a custom template to one GSM-7 segment by shortening the headline, never the number or the link", () => {
    const template = "{companyName}: {trackingNumber} {headline}. Details: {trackingUrl}";
    const text = fillSms(template, long);
    const analysis = analyzeSmsText(text);
    expect(analysis.encoding).toBe("GSM-7");
    expect(analysis.units).toBeLessThanOrEqual(160);
    expect(text).toMatch(
      /^Unitrans Global Logistics: UTG-1234-5678 Arrived at Freeport.*\.\.\.\. Details: https:\/\/freight\.example\.com\/track\/UTG-1234-5678$/,
    );
  });

  it("shortens nothing when the template's own text is already longer than one segment, or has no headline", () => {
    const wordy = `${"Dear customer, ".repeat(10)}{headline} {trackingUrl}`;
    expect(fillSms(wordy, long)).toContain(long.headline.trim());
    const noHeadline = `{trackingNumber} ${"x".repeat(150)} {trackingUrl}`;
    expect(fillSms(noHeadline, long)).toBe(
      `UTG-1234-5678 ${"x".repeat(150)} https://freight.example.com/track/UTG-1234-5678`,
    );
  });

  it("fits the default in one segment with the sample shipment", () => {
    const text = fillSms(DEFAULT_TEMPLATES.sms, values);
    expect(text).toBe(
      "UTG-1234-5678: Arrived at Port of Monrovia. Track: https://freight.example.com/track/UTG-1234-5678",
    );
    expect(analyzeSmsText(text).segments).toBe(1);
  });
});

describe("the rules of a template", () => {
  it("accepts the defaults", () => {
    expect(templateProblems("emailSubject", DEFAULT_TEMPLATES.emailSubject)).toEqual([]);
    expect(templateProblems("emailBody", DEFAULT_TEMPLATES.emailBody)).toEqual([]);
    expect(templateProblems("sms", DEFAULT_TEMPLATES.sms)).toEqual([]);
  });

  it("names unknown placeholders and lists the allowed ones", () => {
    const [problem] = templateProblems("emailBody", "Hi {customerName}, {unknown} {unknown}");
    expect(problem).toBe(
      "Unknown placeholders {customerName}, {unknown}. Use only {trackingNumber}, {headline}, {status}, {place}, {time}, {note}, {estimatedDelivery}, {origin}, {destination}, {trackingUrl}, {companyName}, {companyAddress}, {companyPhone}.",
    );
    // Spaces inside braces or an empty pair are refused too, not sent to customers as typed.
    expect(templateProblems("emailBody", "{ status }")[0]).toMatch(/^Unknown placeholder \{ status \}\./);
    expect(templateProblems("emailBody", "{}")[0]).toMatch(/^Unknown placeholder \{\}\./);
  });

  it("wants {trackingUrl} in the SMS, one line in the subject, no control characters and bounded lengths", () => {
    expect(templateProblems("sms", "{trackingNumber}: {headline}")).toEqual([
      "The SMS text must contain {trackingUrl}, the link to the tracking page.",
    ]);
    expect(templateProblems("emailSubject", "A\nB")).toEqual([
      "The subject must be one line, without line breaks or control characters.",
    ]);
    expect(templateProblems("emailSubject", "A\rBcc: x@example.com")).toHaveLength(1);
    expect(templateProblems("emailBody", "Line\nbreaks\tand tabs are fine")).toEqual([]);
    expect(templateProblems("emailBody", "bell \u0007")).toEqual([
      "Contains control characters that are not allowed.",
    ]);
    expect(templateProblems("sms", `{trackingUrl}${"x".repeat(467)}`)).toEqual([]);
    expect(templateProblems("sms", `{trackingUrl}${"x".repeat(468)}`)).toEqual([
      "At most 480 characters (now 481).",
    ]);
  });

  it("keeps <script> as plain text (it is escaped where it is shown)", () => {
    expect(templateProblems("emailBody", "<script>alert(1)</script> {status}")).toEqual([]);
  });

  it("parses the form: trimmed, line breaks normalised, reply-to an address or empty", () => {
    const parsed = notificationTemplatesFormSchema.safeParse({
      senderName: "  Unitrans  ",
      replyTo: "",
      emailSubject: " {trackingNumber} ",
      emailBody: "A\r\nB\rC",
      sms: "{trackingUrl}",
    });
    expect(parsed.success && parsed.data).toEqual({
      senderName: "Unitrans",
      replyTo: "",
      emailSubject: "{trackingNumber}",
      emailBody: "A\nB\nC",
      sms: "{trackingUrl}",
    });
  });

  it("puts back the default of the template named by 'reset', and only of a template", () => {
    const form = new FormData();
    form.set("emailSubject", "{broken");
    form.set("reset", "emailSubject");
    expect(applyTemplateReset(form).get("emailSubject")).toBe(DEFAULT_TEMPLATES.emailSubject);
    expect(applyTemplateReset(form).get("reset")).toBeNull();
    form.set("reset", "senderName");
    expect(applyTemplateReset(form)).toBe(form);
  });
});
