// Every form and action of the app, found in app/routes.ts (so routes added later are covered too), with
// what the suite knows of each action: its intents, a valid set of fields for each, the fields whose
// hostile value must make the post invalid (strict), and the free-text fields that may store hostile text.
import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { isFrenchRoute } from "#app/lib/i18n/french-routes.ts";
import routeConfig from "#app/routes.ts";
import type { Fixtures, Spec, Target } from "./action-kit.ts";
import { accountBillingActions } from "./actions-account-billing.ts";
import { accountShipmentActions } from "./actions-account-shipments.ts";
import { contentActions } from "./actions-content.ts";
import { customerMemberActions } from "./actions-customer-members.ts";
import { invoiceActions } from "./actions-invoices.ts";
import { publicActions } from "./actions-public.ts";
import { receivablesActions } from "./actions-receivables.ts";
import { settingsActions } from "./actions-settings.ts";
import { shipmentActions } from "./actions-shipments.ts";

export type RouteInfo = {
  id: string;
  file: string;
  /** The URL pattern without leading slash ("admin/shipments/:id"). */
  pattern: string;
  admin: boolean;
  /** Behind the customer's sign-in (decision 029): /account/… but the sign-in pages themselves. */
  account: boolean;
  index: boolean;
  hasAction: boolean;
  hasLoader: boolean;
};

const APP_DIR = path.resolve("app");
/** The customer's pages: everything under /account/ but signing in and out. */
export const ACCOUNT_PAGE = /^account\/(?!code$|sign-in\/|sign-out$)/;
const routeId = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.[^.]+$/, "");

function walk(entries: RouteConfigEntry[], parent: string, out: RouteInfo[]) {
  for (const entry of entries) {
    // A French route runs the English one's module (decision 030): attacking both would double the suite.
    if (isFrenchRoute(entry)) continue;
    const pattern = [parent, entry.path].filter((p) => p !== undefined && p !== "").join("/");
    const source = fs.readFileSync(path.join(APP_DIR, entry.file), "utf8");
    out.push({
      id: routeId(entry),
      file: entry.file,
      pattern,
      admin: pattern === "admin" || pattern.startsWith("admin/"),
      account: ACCOUNT_PAGE.test(pattern),
      index: entry.index === true,
      hasAction: /export\s+(?:async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source),
      hasLoader: /export\s+(?:async\s+)?function\s+loader\b|export\s+const\s+loader\b/.test(source),
    });
    if (entry.children) walk(entry.children, pattern, out);
  }
}

export function allRoutes(): RouteInfo[] {
  const out: RouteInfo[] = [];
  walk(routeConfig, "", out);
  return out;
}

export type { Fixtures, Target } from "./action-kit.ts";
export { TWILIO_CALLBACK_ENV } from "./action-kit.ts";

/** A URL for a route pattern: known parameters get the fixtures, others a made-up value. */
export function fillPattern(pattern: string, f: Fixtures | null, id?: string): string {
  const params: Record<string, string> = {
    "admin/shipments/:id": f?.shipment.id ?? "",
    "admin/shipments/:id/edit": f?.shipment.id ?? "",
    "admin/shipments/:id/label.pdf": f?.shipment.id ?? "",
    "admin/shipments/:id/waybill.pdf": f?.shipment.id ?? "",
    "admin/shipments/:id/delivery-note.pdf": f?.shipment.id ?? "",
    "admin/shipments/:id/deliver": f?.shipment.id ?? "",
    "admin/shipments/:id/deliver/photos": f?.shipment.id ?? "",
    "admin/parties/:id": f?.shipper ?? "",
    "admin/quote-requests/:id": f?.quote ?? "",
    "admin/quote-requests/:id/quote": f?.quote ?? "",
    "admin/contact-submissions/:id": f?.message ?? "",
    "admin/cms/blog/:id": f?.post.id ?? "",
    "admin/invoices/:id": f?.invoice ?? "",
    "admin/payments/:id": f?.payment ?? "",
    "admin/payments/:id/receipt.pdf": f?.payment ?? "",
    "admin/payments/new": "",
    "admin/invoices/:id/send": f?.issuedInvoice ?? "",
    "admin/statements/:kind/:partyId": f?.shipper ?? "",
    "admin/statements/:kind/:partyId/statement.pdf": f?.shipper ?? "",
    "track/:trackingNumber": f?.shipment.trackingNumber ?? "",
    // The customer's (decision 029): the fixtures' shipment is the customer's company's.
    "account/shipments/:trackingNumber": f?.shipment.trackingNumber ?? "",
    "account/shipments/:trackingNumber/waybill.pdf": f?.shipment.trackingNumber ?? "",
    "account/shipments/:trackingNumber/delivery-note.pdf": f?.shipment.trackingNumber ?? "",
    "account/shipments/:trackingNumber/label.pdf": f?.shipment.trackingNumber ?? "",
    "account/invoices/:id": f?.issuedInvoice ?? "",
    "account/invoices/:id/invoice.pdf": f?.issuedInvoice ?? "",
    "track/:trackingNumber/updates": f?.shipment.trackingNumber ?? "",
    "track/:trackingNumber/details": f?.shipment.trackingNumber ?? "",
    "track/:trackingNumber/details/waybill.pdf": f?.shipment.trackingNumber ?? "",
    "track/:trackingNumber/details/delivery-note.pdf": f?.shipment.trackingNumber ?? "",
    "blog/:slug": f?.post.slug ?? "",
    "services/:serviceId": "air-freight",
    "media/:filename": f?.media.filename ?? "",
  };
  const value = id ?? (params[pattern] || "00000000-0000-4000-8000-000000000000");
  return `/${pattern
    .split("/")
    // A statement's address names the party's kind before its id (/admin/statements/shipper/:id).
    .map((s) =>
      s === ":kind" && id === undefined
        ? "shipper"
        : s.startsWith(":")
          ? encodeURIComponent(value)
          : s === "*"
            ? "no-such-page"
            : s,
    )
    .join("/")}`;
}

// "routes/admin/cms-blog" is the blog list again under /admin/cms/blog: the same delete action.
const ALIASES: Record<string, string> = { "routes/admin/cms-blog": "routes/admin/blog" };

/** Every action of the app as targets; actions the suite does not know get generic posts. */
export function actionTargets(f: Fixtures): { targets: Target[]; unknown: string[] } {
  const known: Record<string, Spec[]> = {
    ...publicActions(),
    ...settingsActions(f),
    ...shipmentActions(f),
    ...contentActions(f),
    ...invoiceActions(f),
    ...receivablesActions(),
    ...accountBillingActions(),
    ...accountShipmentActions(f),
  };
  // Customer accounts (decision 029): the party page's card adds intents to the page's own.
  for (const [id, specs] of Object.entries(customerMemberActions(f)))
    known[id] = [...(known[id] ?? []), ...specs];
  const targets: Target[] = [];
  const unknown: string[] = [];
  for (const route of allRoutes()) {
    if (!route.hasAction) continue;
    const specs = known[ALIASES[route.id] ?? route.id];
    // A form posting to an index route names it with ?index.
    const urlPath = `${fillPattern(route.pattern, f)}${route.index ? "?index" : ""}`;
    if (!specs) {
      unknown.push(`${route.id} (${urlPath})`);
      targets.push({
        name: `${urlPath} (unknown action)`,
        routeId: route.id,
        path: urlPath,
        session: route.account ? "customer" : route.admin,
        fields: () => [
          ["intent", "unknown"],
          ["id", "00000000-0000-4000-8000-000000000000"],
          ["name", "x"],
        ],
        strict: ["intent", "id"],
        text: [],
        known: false,
      });
      continue;
    }
    for (const spec of specs) {
      targets.push({
        ...spec,
        name: `${urlPath} ${spec.name}`,
        routeId: route.id,
        path: spec.path ?? urlPath,
        session: spec.session ?? (route.account ? "customer" : route.admin),
        known: true,
      });
    }
  }
  return { targets, unknown };
}
