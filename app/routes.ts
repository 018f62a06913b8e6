import {
  index,
  layout,
  prefix,
  type RouteConfig,
  type RouteConfigEntry,
  route,
} from "@react-router/dev/routes";
import { frenchRoutes } from "#app/lib/i18n/french-routes.ts";

/** The public site's pages in English; their French copies are built from app/lib/i18n/locale.ts (decision 030). */
const sitePages: RouteConfigEntry[] = [
  index("routes/site/home.tsx"),
  route("services", "routes/site/services.tsx"),
  route("services/road-transport", "routes/site/services.road-transport.tsx"),
  route("services/:serviceId", "routes/site/services.$service-id.tsx"),
  route("about", "routes/site/about.tsx"),
  route("contact", "routes/site/contact.tsx"),
  route("track", "routes/site/track.tsx"),
  route("track/:trackingNumber", "routes/site/track.$tracking-number.tsx"),
  route("track/:trackingNumber/updates", "routes/site/track.$tracking-number.updates.tsx"),
  route("blog", "routes/site/blog.tsx"),
  route("blog/:slug", "routes/site/blog.$slug.tsx"),
  route("unsubscribe/:token", "routes/site/unsubscribe.$token.tsx"),
  route("subscribe/:token", "routes/site/subscribe.$token.tsx"),
  route("quote/:token", "routes/site/quote.$token.tsx"),
  route("invoice/:token", "routes/site/invoice.$token.tsx"),
  // Paying an invoice by mobile money (decision 027), from the customer's invoice page.
  route("invoice/:token/pay", "routes/site/invoice.$token.pay.tsx"),
  // 'Show full details' of one shipment, after a code sent to the shipper's or consignee's contact (decision 029).
  route("track/:trackingNumber/details", "routes/site/track.$tracking-number.details.tsx"),
  // The customer account (decision 016): signing in with a code, then the pages behind it.
  route("account", "routes/account/sign-in.tsx"),
  route("account/code", "routes/account/code.tsx"),
  route("account/sign-in/:token", "routes/account/sign-in.$token.tsx"),
  route("account/sign-out", "routes/account/sign-out.tsx"),
  layout("routes/account/layout.tsx", [
    route("account/shipments", "routes/account/shipments.tsx"),
    route("account/shipments/:trackingNumber", "routes/account/shipments.$tracking-number.tsx"),
    route("account/quotes", "routes/account/quotes.tsx"),
    route("account/quotes/:id", "routes/account/quotes.$id.tsx"),
    route("account/invoices", "routes/account/invoices.tsx"),
    route("account/invoices/:id", "routes/account/invoices.$id.tsx"),
    route("account/colleagues", "routes/account/colleagues.tsx"),
    route("account/preferences", "routes/account/preferences.tsx"),
  ]),
  route("privacy-policy", "routes/site/policy.tsx", { id: "routes/site/privacy-policy" }),
  route("terms-of-service", "routes/site/policy.tsx", { id: "routes/site/terms-of-service" }),
  route("*", "routes/site/not-found.tsx"),
];

/** Files the public pages link to (PDFs, photos): in French too, so that they come out in French. */
const siteFiles: RouteConfigEntry[] = [
  route(
    "track/:trackingNumber/details/waybill.pdf",
    "routes/resources/track.$tracking-number.details.waybill.pdf.ts",
  ),
  route(
    "track/:trackingNumber/details/delivery-note.pdf",
    "routes/resources/track.$tracking-number.details.delivery-note.pdf.ts",
  ),
  // The consignee's signed delivery note, through the link of the delivery message (30 days).
  route("delivery-note/:token", "routes/resources/delivery-note.$token.ts"),
  // The customer's quote as a PDF, through the link of the quote e-mail.
  route("quote/:token/pdf", "routes/resources/quote.$token.pdf.ts"),
  // The customer's invoice as a PDF, from its page /invoice/:token (decision 026).
  route("invoice/:token/invoice.pdf", "routes/resources/invoice.$token.invoice.pdf.ts"),
  // The customer account's documents (decision 029): each checks the customer's session and company itself.
  route(
    "account/shipments/:trackingNumber/waybill.pdf",
    "routes/resources/account.shipments.$tracking-number.waybill.pdf.ts",
  ),
  route(
    "account/shipments/:trackingNumber/delivery-note.pdf",
    "routes/resources/account.shipments.$tracking-number.delivery-note.pdf.ts",
  ),
  route(
    "account/shipments/:trackingNumber/label.pdf",
    "routes/resources/account.shipments.$tracking-number.label.pdf.ts",
  ),
  route(
    "account/shipments/:trackingNumber/photos/:photoId",
    "routes/resources/account.shipments.$tracking-number.photos.$photo-id.ts",
  ),
  route("account/quotes/:id/quote.pdf", "routes/resources/account.quotes.$id.quote.pdf.ts"),
  route("account/invoices/:id/invoice.pdf", "routes/resources/account.invoices.$id.invoice.pdf.ts"),
  route("account/statement.pdf", "routes/resources/account.statement.pdf.ts"),
];

export default [
  layout("routes/site/layout.tsx", [...sitePages, ...frenchRoutes(sitePages)]),

  // Back office. Every loader and action below checks the session on the server.
  route("admin-login", "routes/admin/auth/login.tsx"),
  route("admin-forgot-password", "routes/admin/auth/forgot-password.tsx"),
  route("admin-reset-password", "routes/admin/auth/reset-password.tsx"),
  route("admin/logout", "routes/admin/auth/logout.tsx"),
  route("admin/change-password", "routes/admin/auth/change-password.tsx"),
  // Freight documents (PDF resource routes, decision 015), outside the admin layout: each checks the session.
  route("admin/shipments/labels.pdf", "routes/resources/admin.shipments.labels.pdf.ts"),
  route("admin/shipments/:id/label.pdf", "routes/resources/admin.shipments.$id.label.pdf.ts"),
  route("admin/shipments/:id/waybill.pdf", "routes/resources/admin.shipments.$id.waybill.pdf.ts"),
  route("admin/shipments/:id/delivery-note.pdf", "routes/resources/admin.shipments.$id.delivery-note.pdf.ts"),
  // A quote's PDF (decision 016): the staff copy of any version.
  route("admin/quote-requests/:id/quote.pdf", "routes/resources/admin.quote-requests.$id.quote.pdf.ts"),
  // An invoice's or a credit note's PDF (decision 026): the staff copy, draft and void ones marked.
  route("admin/invoices/:id/invoice.pdf", "routes/resources/admin.invoices.$id.invoice.pdf.ts"),
  // A payment's receipt (decision 026).
  route("admin/payments/:id/receipt.pdf", "routes/resources/admin.payments.$id.receipt.pdf.ts"),
  // What is owed (decision 028): a customer's statement as a PDF; the accountant's export.
  route(
    "admin/statements/:kind/:partyId/statement.pdf",
    "routes/resources/admin.statements.$kind.$party-id.statement.pdf.ts",
  ),
  route("admin/invoices/export.csv", "routes/resources/admin.invoices.export.ts", {
    id: "invoices-export-csv",
  }),
  route("admin/invoices/export.xlsx", "routes/resources/admin.invoices.export.ts", {
    id: "invoices-export-xlsx",
  }),
  // Proof of delivery (decision 015): the photo uploads of 'Record delivery' and the staff-only images.
  route("admin/shipments/:id/deliver/photos", "routes/resources/admin.shipments.$id.deliver.photos.ts"),
  route("admin/delivery-photos/:id", "routes/resources/admin.delivery-photos.$id.ts"),
  route("admin/deliveries/:id/signature", "routes/resources/admin.deliveries.$id.signature.ts"),
  // Exports of the lists (decision 020): streamed CSV and .xlsx downloads; each checks the session.
  route("admin/shipments/export.csv", "routes/resources/admin.shipments.export.ts", {
    id: "shipments-export-csv",
  }),
  route("admin/shipments/export.xlsx", "routes/resources/admin.shipments.export.ts", {
    id: "shipments-export-xlsx",
  }),
  route("admin/shipments/import-template.csv", "routes/resources/admin.shipments.import-template.csv.ts"),
  route("admin/quote-requests/export.csv", "routes/resources/admin.quote-requests.export.ts", {
    id: "quote-requests-export-csv",
  }),
  route("admin/quote-requests/export.xlsx", "routes/resources/admin.quote-requests.export.ts", {
    id: "quote-requests-export-xlsx",
  }),
  route("admin/contact-submissions/export.csv", "routes/resources/admin.contact-submissions.export.ts", {
    id: "contact-submissions-export-csv",
  }),
  route("admin/contact-submissions/export.xlsx", "routes/resources/admin.contact-submissions.export.ts", {
    id: "contact-submissions-export-xlsx",
  }),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("staff", "routes/admin/staff.tsx"),
    route("shipments", "routes/admin/shipments.tsx"),
    route("shipments/new", "routes/admin/shipments.new.tsx"),
    route("shipments/bulk-update", "routes/admin/shipments.bulk-update.tsx"),
    route("shipments/import", "routes/admin/shipments.import.tsx"),
    route("shipments/:id", "routes/admin/shipments.$id.tsx"),
    route("shipments/:id/edit", "routes/admin/shipments.$id.edit.tsx"),
    route("shipments/:id/deliver", "routes/admin/shipments.$id.deliver.tsx"),
    route("exceptions", "routes/admin/exceptions.tsx"),
    route("activity", "routes/admin/activity.tsx"),
    route("parties", "routes/admin/parties.tsx"),
    route("parties/new", "routes/admin/parties.new.tsx"),
    route("parties/:id", "routes/admin/parties.$id.tsx"),
    route("quote-requests", "routes/admin/quote-requests.tsx"),
    route("quote-requests/:id", "routes/admin/quote-requests.$id.tsx"),
    route("quote-requests/:id/quote", "routes/admin/quote-requests.$id.quote.tsx"),
    route("invoices", "routes/admin/invoices.tsx"),
    route("invoices/new", "routes/admin/invoices.new.tsx"),
    route("invoices/:id", "routes/admin/invoices.$id.tsx"),
    route("payments", "routes/admin/payments.tsx"),
    route("payments/new", "routes/admin/payments.new.tsx"),
    route("payments/:id", "routes/admin/payments.$id.tsx"),
    route("invoices/:id/send", "routes/admin/invoices.$id.send.tsx"),
    route("receivables", "routes/admin/receivables.tsx"),
    route("statements/:kind/:partyId", "routes/admin/statements.$kind.$party-id.tsx"),
    route("contact-submissions", "routes/admin/contact-submissions.tsx"),
    route("contact-submissions/:id", "routes/admin/contact-submissions.$id.tsx"),
    route("events", "routes/admin/events.ts"),
    route("blog", "routes/admin/blog.tsx"),
    route("cms/blog", "routes/admin/blog.tsx", { id: "routes/admin/cms-blog" }),
    route("cms/blog/new", "routes/admin/cms.blog.new.tsx"),
    route("cms/blog/:id", "routes/admin/cms.blog.$id.tsx"),
    route("media", "routes/admin/media.tsx"),
    route("*", "routes/admin/$.tsx"),
  ]),

  // Resource routes.
  ...prefix("", [
    route("sitemap.xml", "routes/resources/sitemap.xml.ts"),
    route("robots.txt", "routes/resources/robots.txt.ts"),
    route("blog/rss.xml", "routes/resources/blog.rss.xml.ts"),
    route("media/:filename", "routes/resources/media.$filename.ts"),
    route("track/:trackingNumber/qr.svg", "routes/resources/track.$tracking-number.qr.svg.ts"),
    ...siteFiles,
    ...frenchRoutes(siteFiles),
    // Provider callbacks (decision 012): each checks the provider's signature or secret token.
    route("webhooks/twilio/:kind", "routes/resources/webhooks.twilio.$kind.ts"),
    route("webhooks/africastalking/:token/:kind", "routes/resources/webhooks.africastalking.$token.$kind.ts"),
    // MTN Mobile Money's callback (decision 027): never trusted alone, the status is asked of MTN.
    route("webhooks/mtn-momo/callback", "routes/resources/webhooks.mtn-momo.ts"),
  ]),
] satisfies RouteConfig;
