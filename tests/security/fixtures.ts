// The records every check group works on, made through the app as staff would, once per run (global setup),
// and the environment the suite's app runs with.

import { invoiceDraftEntries, paymentEntries } from "./actions-invoices.ts";
import { MULTIPART, multipart } from "./corpus.ts";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  contactEntries,
  ID,
  MARK,
  MEDIA_MAX_MB,
  quoteEntries,
  type Requests,
  smallPng,
} from "./requests.ts";
import { type Fixtures, TWILIO_CALLBACK_ENV } from "./targets.ts";

export const appEnv: Record<string, string> = {
  SEED_DEMO: "false",
  LOG_LEVEL: "warn",
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  // The corpus sends thousands of posts from one address; throttling is tested on its own, last.
  FORM_RATE_LIMIT: "100000",
  TRACK_RATE_LIMIT: "1000000",
  MEDIA_MAX_MB: String(MEDIA_MAX_MB),
  // Provider callbacks checked (no sender configured: nothing is ever sent to a provider).
  ...TWILIO_CALLBACK_ENV,
};

export async function createFixtures(r: Requests): Promise<Fixtures> {
  const { client, post, newId, newUuid, uploadJson } = r;
  const cookie = r.adminCookie();
  // Shipment notifications off before any shipment exists, through Settings as staff would: the scheduler sends
  // a follow-up two minutes after a change, on its own clock, which changed the notification tables and the
  // outbox in the middle of a later group's "nothing changed" check whenever a run under load took longer
  // than that. The notification intents are still posted; they are checked, not sent.
  const off = await post(
    "/admin/settings",
    [
      ["intent", "notifications-switch"],
      ["enabled", "false"],
    ],
    { cookie },
  );
  if (off.status !== 302) throw new Error(`turning notifications off failed (status ${off.status})`);
  const quote = () =>
    newId("/admin/quote-requests", "/admin/quote-requests", () =>
      post("/contact", quoteEntries(`${MARK} Quote`)),
    );
  const message = () =>
    newId("/admin/contact-submissions", "/admin/contact-submissions", () =>
      post("/contact", contactEntries(`${MARK} Message`)),
    );
  const party = async (intent: string, name: string) => {
    const sent = await post(
      "/admin/shipments/new",
      [
        ["intent", intent],
        ["name", name],
      ],
      { cookie },
    );
    const id = sent.body.match(new RegExp(`<option value="${ID}">${name}<`))?.[1];
    if (!id) throw new Error(`${intent} gave no ${name} (status ${sent.status})`);
    return id;
  };
  const shipper = await party("create-shipper", `${MARK} Shipper`);
  const consignee = await party("create-consignee", `${MARK} Consignee`);
  const victimShipper = await party("create-shipper", `${MARK} Victim Shipper`);
  const shipment = async (trackingNumber: string) => {
    const sent = await post(
      "/admin/shipments/new",
      [
        ["intent", "save-shipment"],
        ["trackingNumber", trackingNumber],
        ["status", "In Transit"],
        ["originLocation", "Monrovia"],
        ["destinationLocation", "Accra"],
        ["currentLocation", "Freetown"],
        ["estimatedDelivery", "2027-01-31"],
        ["weight", "10"],
        ["dimensions", "1x1x1 m"],
        ["notes", `${MARK} notes`],
        ["shipperId", shipper],
        ["consigneeId", consignee],
      ],
      { cookie },
    );
    const id = sent.location?.match(new RegExp(`/admin/shipments/${ID}`))?.[1];
    if (!id) throw new Error(`creating shipment ${trackingNumber} failed (status ${sent.status})`);
    return id;
  };
  const shipmentId = await shipment("SEC-FIXTURE-1");
  const victimShipment = await shipment("SEC-FIXTURE-2");
  const detail = `/admin/shipments/${shipmentId}`;
  const addStatus = (status: string) =>
    post(
      detail,
      [
        ["intent", "add-status"],
        ["status", status],
        ["location", "Port of Monrovia"],
        ["notes", ""],
        ["timestamp", "2025-06-01T09:30"],
      ],
      { cookie },
    );
  const history = await newUuid(detail, () => addStatus("Arrived"));
  const victimHistory = await newUuid(detail, () => addStatus("Customs"));
  const blogPost = (slug: string) =>
    newId("/admin/cms/blog", "/admin/cms/blog", () =>
      post(
        "/admin/cms/blog/new",
        [
          ["title", `${MARK} post ${slug}`],
          ["slug", slug],
          ["excerpt", "A post of the security suite."],
          ["content", "<p>Fixture.</p>"],
          ["intent", "publish"],
        ],
        { cookie },
      ),
    );
  const postId = await blogPost("sec-fixture-post");
  const victimPost = await blogPost("sec-fixture-victim");
  const upload = async () => {
    const { json } = await uploadJson({ file: await smallPng(), filename: "fixture.png", type: "image/png" });
    const item = json.results?.[0]?.item;
    if (!item) throw new Error(`uploading a fixture image failed: ${JSON.stringify(json).slice(0, 200)}`);
    return item;
  };
  const media = await upload();
  const victimMedia = (await upload()).id;
  const staff = await newUuid("/admin/settings", () =>
    post(
      "/admin/settings",
      [
        ["intent", "add-user"],
        ["email", "sec-fixture-staff@example.com"],
        ["name", `${MARK} Staff`],
        ["password", "a sturdy staff passphrase 2026"],
        ["role", "operations"],
      ],
      { cookie },
    ),
  );
  // A spreadsheet waiting in the shipment import (decision 020), for its check's target.
  const imported = await client.send("/admin/shipments/import", {
    method: "POST",
    body: {
      body: multipart([
        ["intent", "upload"],
        [
          "file",
          {
            file: new TextEncoder().encode(
              "Tracking number,Status,Origin,Destination,Estimated delivery,Dimensions\r\nSEC-IMPORT-1,Pending,Antwerp,Monrovia,31/12/2026,1x1x1 m\r\n",
            ),
            filename: "fixture.csv",
            type: "text/csv",
          },
        ],
      ]),
      contentType: MULTIPART,
    },
    cookie,
  });
  const importUpload = /[?&]upload=([0-9a-f-]{36})/.exec(imported.location ?? "")?.[1];
  if (!importUpload) throw new Error(`uploading a fixture spreadsheet failed: ${imported.status}`);
  // Invoices (decision 026): two drafts and one issued, through the pages as a clerk would.
  const invoice = async () => {
    const sent = await post("/admin/invoices/new", invoiceDraftEntries(), { cookie });
    const id = sent.location?.match(new RegExp(`/admin/invoices/${ID}`))?.[1];
    if (!id) throw new Error(`creating an invoice draft failed (status ${sent.status})`);
    return id;
  };
  const issuedInvoice = await invoice();
  const issued = await post(`/admin/invoices/${issuedInvoice}`, invoiceDraftEntries("issue-invoice"), {
    cookie,
  });
  if (issued.status !== 302) throw new Error(`issuing the fixture invoice failed (status ${issued.status})`);
  // Payments (decision 026): an issued invoice to pay, and a payment on it (to reverse and e-mail).
  const payableInvoice = await invoice();
  const payable = await post(`/admin/invoices/${payableInvoice}`, invoiceDraftEntries("issue-invoice"), {
    cookie,
  });
  if (payable.status !== 302) throw new Error(`issuing the invoice to pay failed (status ${payable.status})`);
  const paid = await post(`/admin/payments/new?invoice=${payableInvoice}`, paymentEntries(payableInvoice), {
    cookie,
  });
  const payment = paid.location?.match(new RegExp(`/admin/payments/${ID}`))?.[1];
  if (!payment) throw new Error(`recording the fixture payment failed (status ${paid.status})`);
  return {
    invoice: await invoice(),
    victimInvoice: await invoice(),
    issuedInvoice,
    payableInvoice,
    payment,
    importUpload,
    adminEmail: ADMIN_EMAIL,
    adminCookie: cookie,
    shipment: { id: shipmentId, trackingNumber: "SEC-FIXTURE-1" },
    victimShipment,
    shipper,
    consignee,
    victimShipper,
    history,
    victimHistory,
    post: { id: postId, slug: "sec-fixture-post" },
    victimPost,
    quote: await quote(),
    victimQuote: await quote(),
    message: await message(),
    victimMessage: await message(),
    media: { id: media.id, filename: media.filename },
    victimMedia,
    staff,
  };
}
