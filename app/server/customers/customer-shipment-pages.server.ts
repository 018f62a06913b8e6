// The loaders and the action of /account/shipments and /account/shipments/:trackingNumber, and the
// lookup the shipment's documents share: the routes only hand off. Another company's tracking number answers
// exactly as one that does not exist (notFound).
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { formatNumberIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import type { WithWords } from "#app/lib/i18n/use-words.ts";
import { isValidTrackingNumber } from "#app/lib/tracking-number.ts";
import {
  accountPageRequest,
  accountPostRequest,
} from "#app/server/customers/customer-account-pages.server.ts";
import { listCompanyParties } from "#app/server/customers/customer-companies.server.ts";
import {
  type CustomerUser,
  notFound,
  requireCustomer,
} from "#app/server/customers/customer-guards.server.ts";
import { findCompanyShipmentId } from "#app/server/customers/customer-scope.server.ts";
import {
  accountShipmentPath,
  type ShipmentNotificationsActionData,
  type ShipmentPageData,
  type ShipmentsPageData,
  UPDATES_INTENT,
} from "#app/server/customers/customer-shipment-views.ts";
import {
  findCompanyShipments,
  getCompanyShipment,
  getShipmentUpdatesEnabled,
  hasCompanyShipments,
  listShipmentInvoices,
  listShipmentQuotes,
  SHIPMENT_FILTER_STATUSES,
  setShipmentUpdatesEnabled,
  shownTimeIn,
} from "#app/server/customers/customer-shipments.server.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import { readFormData, readIntent } from "#app/server/platform/forms.server.ts";
import { getShipmentDelivery } from "#app/server/shipments/deliveries.server.ts";
import { labelRuns } from "#app/server/shipments/shipment-document-links.server.ts";
import { getPublicShipmentByTrackingNumber } from "#app/server/shipments/tracking.server.ts";
import { presentTracking } from "#app/server/shipments/tracking-view.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/** The most a search may be (longer text is cut: no number, place or status is longer). */
const MAX_SEARCH = 100;

/** The list's query string read leniently: an unknown status or a bad page number is ignored, never an error. */
export function readShipmentsQuery(url: URL) {
  const search = (url.searchParams.get("q") ?? "").slice(0, MAX_SEARCH).trim();
  const typedStatus = url.searchParams.get("status") ?? "";
  const status = SHIPMENT_FILTER_STATUSES.find((s) => s === typedStatus) ?? "";
  const pageText = url.searchParams.get("page") ?? "1";
  const page = /^[0-9]{1,6}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
  return { search, status, page };
}

export async function loadShipmentsPage({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<ShipmentsPageData> {
  const { customer, services, locale, t } = accountPageRequest({ request, context });
  const { db, siteSettings } = services;
  const { timeZone } = await siteSettings.get();
  const { search, status, page } = readShipmentsQuery(new URL(request.url));
  const list = await findCompanyShipments({
    db,
    companyId: customer.companyId,
    search,
    status,
    page,
    timeZone,
    locale,
  });
  const filtered = search !== "" || status !== "";
  const hasAny =
    list.total > 0 || (filtered && (await hasCompanyShipments({ db, companyId: customer.companyId })));
  // '12 shipments found, newest first.', written on the server: the page's script is within a few bytes of its
  // budget.
  const counted =
    list.total === 1
      ? t(filtered ? "1 shipment found, newest first." : "1 shipment, newest first.")
      : t(filtered ? "{count} shipments found, newest first." : "{count} shipments, newest first.", {
          count: formatNumberIn(locale, list.total),
        });
  return {
    ...list,
    filter: { search, status },
    statuses: SHIPMENT_FILTER_STATUSES,
    hasAny,
    timeZone,
    counted,
  };
}

/** The URL's tracking number as looked up, or a thrown 404 for what can never be one (empty, too long, a NUL). */
function lookedUpNumber(trackingNumber: string | undefined): string {
  return trackingNumber && isValidTrackingNumber(trackingNumber) ? trackingNumber : notFound();
}

/** The company's shipment behind a tracking number in the URL, or a thrown 404 (unknown or not theirs). */
async function companyShipmentOr404({
  context,
  customer,
  trackingNumber,
  locale = "en",
}: {
  context: Ctx;
  customer: CustomerUser;
  trackingNumber: string | undefined;
  locale?: Locale;
}) {
  const { db } = context.get(servicesContext);
  const shipment = await getCompanyShipment({
    db,
    companyId: customer.companyId,
    trackingNumber: lookedUpNumber(trackingNumber),
    locale,
  });
  return shipment ?? notFound();
}

export async function loadShipmentPage({
  request,
  context,
  trackingNumber,
  now = new Date(),
}: {
  request: Request;
  context: Ctx;
  trackingNumber: string | undefined;
  now?: Date;
}): Promise<ShipmentPageData & WithWords> {
  const { customer, services, locale, t } = accountPageRequest({ request, context });
  const { db, siteSettings } = services;
  const shipment = await companyShipmentOr404({ context, customer, trackingNumber, locale });
  const [settings, tracked, delivery, quotes, parties, enabled] = await Promise.all([
    siteSettings.get(),
    getPublicShipmentByTrackingNumber({ db, trackingNumber: shipment.trackingNumber }),
    getShipmentDelivery({ db, shipmentId: shipment.id }),
    listShipmentQuotes({ db, shipment, locale, now }),
    listCompanyParties({ db, companyId: customer.companyId }),
    getShipmentUpdatesEnabled({ db, shipmentId: shipment.id, roles: shipment.roles }),
  ]);
  if (!tracked) notFound();
  const invoices = await listShipmentInvoices({ db, shipmentId: shipment.id, parties, locale });
  // In the page's language: statuses, dates and times, 'signed by' (decision 030).
  const tracking = presentTracking({ shipment: tracked, now, timeZone: settings.timeZone, locale });
  // The shipment's own addresses (documents, photos) in the page's language.
  const base = localizePath(accountShipmentPath(shipment.trackingNumber), locale);
  const runs = labelRuns(shipment.pieces ?? 1);
  return {
    tracking,
    roles: shipment.roles,
    shipper: shipment.shipper,
    consignee: shipment.consignee,
    cargo: { ...shipment.cargo, weight: tracking.weight, dimensions: tracking.dimensions },
    delivery: delivery
      ? {
          receiverName: delivery.receiverName,
          deliveredAt: shownTimeIn(locale, delivery.deliveredAt, settings.timeZone),
          receiverRemarks: delivery.receiverRemarks,
          signed: delivery.hasSignature,
          photos: delivery.photos.map((photo) => `${base}/photos/${photo.id}`),
        }
      : null,
    documents: {
      waybill: `${base}/waybill.pdf`,
      labels: runs.map((run) => ({
        href: run.from === 1 ? `${base}/label.pdf` : `${base}/label.pdf?from=${run.from}`,
        text:
          runs.length > 1
            ? t("Labels, pieces {from}–{to} (PDF)", { from: run.from, to: run.to })
            : t("Labels (PDF)"),
      })),
      deliveryNote: delivery ? `${base}/delivery-note.pdf` : null,
    },
    quotes,
    invoices,
    notifications: { roles: shipment.roles, enabled },
    bookAgain: `${localizePath("/contact", locale)}?${new URLSearchParams({ from: shipment.trackingNumber })}#quote`,
    // The quote's and invoice's words too: their states are shown here.
    words: wordsFor(locale, "quote", "invoice"),
  };
}

/**
 * Switches the shipment's updates on or off for the signed-in company's role(s) on it: the role comes from the
 * company's relation to the shipment, never from the form. Anything but `updates=on|off` is a 400 that changes
 * nothing.
 */
export async function updateShipmentNotifications({
  request,
  context,
  trackingNumber,
}: {
  request: Request;
  context: Ctx;
  trackingNumber: string | undefined;
}) {
  const { customer, services, t } = await accountPostRequest({ request, context });
  const { db } = services;
  const shipment = await companyShipmentOr404({ context, customer, trackingNumber });
  const formData = await readFormData(request);
  const updates = formData?.getAll("updates") ?? [];
  const choice = updates.length === 1 ? updates[0] : null;
  if (readIntent(formData) !== UPDATES_INTENT || (choice !== "on" && choice !== "off")) {
    return data<ShipmentNotificationsActionData>(
      { ok: false, error: t("Choose whether to get updates for this shipment, then save again.") },
      { status: 400 },
    );
  }
  const enabled = choice === "on";
  await setShipmentUpdatesEnabled({ db, shipmentId: shipment.id, roles: shipment.roles, enabled });
  return data<ShipmentNotificationsActionData>({
    ok: true,
    message: t(
      enabled ? "You will get updates about {number}." : "You will no longer get updates about {number}.",
      { number: shipment.trackingNumber },
    ),
  });
}

/**
 * For the shipment's document and photo routes: the signed-in customer (else the sign-in redirect) and the
 * id of the company's shipment, or a thrown 404.
 */
export async function requireCompanyShipment({
  request,
  context,
  trackingNumber,
}: {
  request: Request;
  context: Ctx;
  trackingNumber: string | undefined;
}): Promise<string> {
  const customer = await requireCustomer({ request, context });
  const { db } = context.get(servicesContext);
  const id = await findCompanyShipmentId({
    db,
    companyId: customer.companyId,
    trackingNumber: lookedUpNumber(trackingNumber),
  });
  return id ?? notFound();
}
