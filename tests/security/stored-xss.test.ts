// Hostile text typed into every kind of record (inbox, shipments and parties, blog, settings, staff, media) is
// shown escaped on every page that shows it, public and admin, and shown it is.
import crypto from "node:crypto";
import { escapeHtml, type Sent } from "./client.ts";
import type { Entries } from "./corpus.ts";
import { attack, check, connect } from "./harness.ts";
import { withField } from "./posting.ts";
import { contactEntries, ID, quoteEntries, successful } from "./requests.ts";

const { client, f, post, adminCookie, newId } = connect();

const XSS = [
  (t: string) => `<script>alert("${t}")</script>`,
  (t: string) => `<img src=x onerror=alert("${t}")>`,
  (t: string) => `"><svg onload=alert("${t}")>`,
  (t: string) => `</script><script>alert("${t}")</script>`,
  (t: string) => `' onmouseover='alert("${t}")' x='`,
  (t: string) => `<a href="javascript:alert(1)">${t}</a>`,
  (t: string) => `</textarea><svg onload=alert("${t}")>`,
  (t: string) => `javascript:alert("${t}")//<b>`,
];
let xssSerial = 0;
function xssEntries(entries: Entries, fields: string[], stored: string[]): Entries {
  let out = entries;
  for (const field of fields) {
    const value = XSS[xssSerial % XSS.length]!(`x${xssSerial++}`);
    stored.push(value);
    out = withField(out, field, value);
  }
  return out;
}

attack("stored hostile text is shown escaped (inbox, tracking page, blog, settings)", async () => {
  const cookie = adminCookie();
  const checks: { what: string; values: string[]; pages: string[] }[] = [];
  const one = async (what: string, make: (values: string[]) => Promise<{ sent: Sent; pages: string[] }>) => {
    const values: string[] = [];
    const { sent, pages } = await make(values);
    if (check(successful(sent), `${what}: the valid post was refused (status ${sent.status})`)) {
      checks.push({ what, values, pages });
    }
  };
  const byName = async (page: string, prefix: string, create: () => Promise<Sent>) => {
    let sent: Sent | undefined;
    const id = await newId(page, prefix, async () => {
      sent = await create();
      return sent;
    });
    return { sent: sent!, id };
  };

  await one("quote request", async (values) => {
    const entries = xssEntries(
      quoteEntries("x"),
      ["firstName", "lastName", "cityDeparture", "deliveryCity", "weight", "specialInfo"],
      values,
    );
    const { sent, id } = await byName("/admin/quote-requests", "/admin/quote-requests", () =>
      post("/contact", entries),
    );
    return { sent, pages: ["/admin/quote-requests", `/admin/quote-requests/${id}`, "/admin/dashboard"] };
  });
  await one("contact message", async (values) => {
    const entries = xssEntries(contactEntries("x"), ["name", "subject", "message"], values);
    const { sent, id } = await byName("/admin/contact-submissions", "/admin/contact-submissions", () =>
      post("/contact", entries),
    );
    return { sent, pages: ["/admin/contact-submissions", `/admin/contact-submissions/${id}`] };
  });
  await one("service inquiry", async (values) => {
    const base: Entries = [
      ["intent", "service-inquiry"],
      ["submissionKey", crypto.randomUUID()],
      ["name", "x"],
      ["email", "x@example.com"],
      ["shipmentType", "sea"],
      ["cityDeparture", "x"],
      ["deliveryCity", "x"],
      ["message", "x"],
    ];
    const entries = xssEntries(base, ["name", "cityDeparture", "deliveryCity", "message"], values);
    const { sent, id } = await byName("/admin/quote-requests", "/admin/quote-requests", () =>
      post("/services", entries),
    );
    return {
      sent,
      pages: ["/admin/quote-requests", `/admin/quote-requests/${id}`, `/admin/quote-requests/${id}/quote`],
    };
  });
  let number = "";
  let shipmentId = "";
  await one("shipment with shipper, consignee and status update", async (values) => {
    const party = async (intent: string) => {
      const entries = xssEntries(
        [
          ["intent", intent],
          ["email", "p@example.com"],
          // A phone is stored as the E.164 number it names, never as typed: not a place for hostile text.
          ["phone", "+231 77 012 3456"],
        ],
        ["name", "company", "address"],
        values,
      );
      const sent = await post("/admin/shipments/new", entries, { cookie });
      const name = entries.find(([n]) => n === "name")![1] as string;
      return (
        sent.body.match(
          new RegExp(`<option value="${ID}">${escapeHtml(name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
        )?.[1] ?? ""
      );
    };
    const shipperId = await party("create-shipper");
    const consigneeId = await party("create-consignee");
    check(shipperId && consigneeId, "the hostile-named shipper or consignee was not created");
    number = `SEC-XSS-${Date.now().toString(36).toUpperCase()}`;
    const entries = xssEntries(
      [
        ["intent", "save-shipment"],
        ["trackingNumber", number],
        ["estimatedDelivery", "2027-02-01"],
        ["weight", "3"],
        ["shipperId", shipperId],
        ["consigneeId", consigneeId],
      ],
      ["status", "originLocation", "destinationLocation", "currentLocation", "dimensions", "notes"],
      values,
    );
    const sent = await post("/admin/shipments/new", entries, { cookie });
    shipmentId = sent.location?.match(new RegExp(`/admin/shipments/${ID}`))?.[1] ?? "";
    const status = await post(
      `/admin/shipments/${shipmentId}`,
      xssEntries(
        [
          ["intent", "add-status"],
          ["timestamp", "2025-06-01T09:30"],
        ],
        ["status", "location", "notes"],
        values,
      ),
      {
        cookie,
      },
    );
    check(successful(status), `adding a hostile status update failed (${status.status})`);
    return {
      sent,
      pages: [
        `/track/${number}`,
        "/admin/shipments",
        `/admin/shipments/${shipmentId}`,
        `/admin/shipments/${shipmentId}/edit`,
        // The address book: both tabs, and the party's own page.
        "/admin/parties?role=shipper",
        "/admin/parties?role=consignee",
        `/admin/parties/${shipperId}`,
        `/admin/parties/${consigneeId}`,
      ],
    };
  });
  let slug = "";
  await one("published blog post", async (values) => {
    slug = `sec-xss-${Date.now().toString(36)}`;
    const entries = xssEntries(
      [
        ["slug", slug],
        ["intent", "publish"],
        [
          "content",
          `<p>Body</p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">a</a><svg><script>alert(4)</script></svg><iframe src="https://evil.example"></iframe><form action="https://evil.example"><button formaction="javascript:alert(5)">b</button></form><p style="background:url(javascript:alert(6))">s</p><math><mi xlink:href="javascript:alert(7)">m</mi></math><object data="javascript:alert(8)"></object><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><a href="jav&#x09;ascript:alert(9)">t</a><img src="data:text/html;base64,PHNjcmlwdD4=">`,
        ],
      ],
      ["title", "category", "excerpt"],
      values,
    );
    const { sent, id } = await byName("/admin/cms/blog", "/admin/cms/blog", () =>
      post("/admin/cms/blog/new", entries, { cookie }),
    );
    return {
      sent,
      pages: [
        "/blog",
        `/blog/${slug}`,
        "/admin/cms/blog",
        `/admin/cms/blog/${id}`,
        "/blog/rss.xml",
        "/sitemap.xml",
      ],
    };
  });
  await one("site details", async (values) => {
    const entries = xssEntries(
      [
        ["intent", "site"],
        ["phone", "+231 77 700 1995"],
        ["email", "info@example.com"],
        ["social.facebook", ""],
        ["social.twitter", ""],
        ["social.linkedin", ""],
        ["social.instagram", ""],
        ["timeZone", "Africa/Monrovia"],
      ],
      ["companyName", "address", "businessHours[0].days", "businessHours[0].hours"],
      values,
    );
    const sent = await post("/admin/settings", entries, { cookie });
    return {
      sent,
      pages: ["/", "/contact", "/about", "/services", "/admin/settings", "/blog/rss.xml", "/admin-login"],
    };
  });
  await one(
    "notification messages (sender name, subject and text, in the form and its preview)",
    async (values) => {
      const entries = xssEntries(
        [
          ["intent", "notifications-messages"],
          ["replyTo", ""],
          ["sms", "{trackingNumber}: {headline}. Track: {trackingUrl}"],
        ],
        ["senderName", "emailSubject", "emailBody"],
        values,
      );
      return { sent: await post("/admin/settings", entries, { cookie }), pages: ["/admin/settings"] };
    },
  );
  await one("staff account name", async (values) => {
    const entries = xssEntries(
      [
        ["intent", "add-user"],
        ["email", `sec-xss-${Date.now()}@example.com`],
        ["password", "a sturdy staff passphrase 2026"],
        ["role", "operations"],
      ],
      ["name"],
      values,
    );
    return { sent: await post("/admin/settings", entries, { cookie }), pages: ["/admin/settings"] };
  });
  await one("media alt text", async (values) => {
    const entries = xssEntries(
      [
        ["intent", "alt"],
        ["id", f.media.id],
      ],
      ["alt"],
      values,
    );
    return {
      sent: await post("/admin/media", entries, { cookie }),
      pages: ["/admin/media", "/admin/media?picker=1"],
    };
  });

  let pages = 0;
  for (const record of checks) {
    const shown = new Set<string>();
    for (const page of record.pages) {
      const admin = page === "/admin" || page.startsWith("/admin/");
      const sent = await client.send(page, { cookie: admin ? cookie : null });
      pages++;
      check(sent.status === 200, `${record.what}: ${page} answered ${sent.status}`);
      for (const value of record.values) {
        // Markup typed as text must never come back as markup (quotes alone are harmless outside attributes,
        // and a real attribute injection is caught by the markup check of every page).
        if (value.includes("<")) {
          check(
            !sent.body.includes(value),
            `${record.what}: ${page} shows ${JSON.stringify(value)} unescaped`,
          );
        }
        if (sent.body.includes(escapeHtml(value))) shown.add(value);
      }
    }
    for (const value of record.values) {
      check(
        shown.has(value),
        `${record.what}: ${JSON.stringify(value)} is not shown (escaped) on ${record.pages.join(", ")}`,
      );
    }
  }
  const fields = checks.reduce((n, c) => n + c.values.length, 0);
  return `${checks.length} kinds of record, ${fields} hostile fields, ${pages} pages (tracking ${number || "-"}, post ${slug || "-"})`;
});
