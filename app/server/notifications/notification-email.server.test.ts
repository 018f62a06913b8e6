import { describe, expect, it } from "vitest";
import { sampleValues } from "#app/lib/notification-templates.ts";
import {
  buildNotificationEmail,
  composeNotificationEmail,
} from "#app/server/notifications/notification-email.server.ts";
import { buildNotificationSms } from "#app/server/notifications/notification-sms.server.ts";

// The e-mail's fixed HTML layout around staff's plain text (the filling itself: app/lib/notification-templates.test.ts).

const values = sampleValues({
  siteUrl: "https://freight.example.com/",
  companyName: "Unitrans Global Logistics",
  companyAddress: "Broad Street, Monrovia",
  companyPhone: "+231 77 700 1995",
});

describe("the notification e-mail's HTML part", () => {
  it("escapes staff's text and every value in the HTML part: no HTML from staff reaches a customer", () => {
    const email = composeNotificationEmail({
      templates: {
        emailSubject: "<b>{trackingNumber}</b>",
        emailBody: '<script>alert("staff")</script>\n<a href="https://evil.example">{place}</a>\n\n{note}',
      },
      values: { ...values, place: "<img src=x onerror=alert(1)>", note: "Seal & <i>intact</i>" },
      steps: ["Nov 22, 2026 9:00 AM: <b>Loaded</b>"],
      unsubscribeUrl: 'https://freight.example.com/unsubscribe/"><script>',
    });
    expect(email.subject).toBe("<b>UTG-1234-5678</b>");
    expect(email.html).not.toMatch(/<script|<img|<i>|<b>|href="https:\/\/evil/);
    expect(email.html).toContain("&lt;script&gt;alert(&quot;staff&quot;)&lt;/script&gt;<br>");
    expect(email.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(email.html).toContain("Seal &amp; &lt;i&gt;intact&lt;/i&gt;");
    expect(email.html).toContain("&lt;b&gt;Loaded&lt;/b&gt;");
    expect(email.html).toContain('href="https://freight.example.com/unsubscribe/&quot;&gt;&lt;script&gt;"');
    expect(email.html).toContain(">Track your shipment</a>");
    // Blank lines part paragraphs; the text part has the staff text as typed.
    expect(email.html.match(/<p style="margin:0 0 12px/g)).toHaveLength(2);
    expect(email.text).toContain('<script>alert("staff")</script>');
  });

  it("links the tracking address where staff wrote {trackingUrl}", () => {
    const email = composeNotificationEmail({
      templates: { emailSubject: "x", emailBody: "See {trackingUrl} today" },
      values,
      steps: [],
      unsubscribeUrl: "https://freight.example.com/unsubscribe/T",
    });
    expect(email.html).toContain(
      'See <a href="https://freight.example.com/track/UTG-1234-5678" style="color:#1d4ed8">https://freight.example.com/track/UTG-1234-5678</a> today',
    );
  });
});

describe("a Delivered message", () => {
  const told = (status: string) => ({
    shipment: {
      trackingNumber: "UTG-1234-5678",
      status,
      currentLocation: null,
      originLocation: "Shanghai, China",
      destinationLocation: "Monrovia, Liberia",
      estimatedDelivery: new Date("2026-11-30T00:00:00Z"),
    },
    changes: [
      {
        kind: "status" as const,
        status,
        location: "Monrovia",
        notes: null,
        at: "2026-11-23T10:00:00.000Z",
        notBefore: "2026-11-23T10:00:00.000Z",
      },
    ],
    settings: { companyName: "Unitrans", address: "", phone: "", timeZone: "Africa/Monrovia" },
    siteUrl: "https://freight.example.com",
  });

  it("prints no estimated delivery once delivered, in the e-mail or a text that asks for it", () => {
    const sms = "{trackingNumber}: {headline}. Due {estimatedDelivery}. {trackingUrl}";
    const inTransit = buildNotificationEmail({
      ...told("In Transit"),
      unsubscribeUrl: "https://x.example/u",
    });
    expect(inTransit.text).toContain("Estimated delivery: November 30, 2026");
    expect(buildNotificationSms({ ...told("In Transit"), template: sms }).text).toContain("November 30");
    const delivered = buildNotificationEmail({ ...told("Delivered"), unsubscribeUrl: "https://x.example/u" });
    expect(delivered.text).not.toContain("Estimated delivery");
    expect(delivered.html).not.toContain("November 30");
    expect(buildNotificationSms({ ...told("Delivered"), template: sms }).text).not.toContain("November 30");
  });
});
