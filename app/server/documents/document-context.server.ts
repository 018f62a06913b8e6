import type { Locale } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { trackingPath } from "#app/lib/tracking-number.ts";
import type { Party } from "#app/server/parties/parties.server.ts";

// What the documents are drawn from (the shipment with its parties, the company, the public address) and the
// small formatting rules they share. Only types and pure functions: the renderers import this, not the database.

export type DocumentParty = Pick<Party, "name" | "company" | "email" | "phone" | "address"> & {
  /** The language documents go to this party in (the waybill: the shipper's; the delivery note: the consignee's). */
  language?: Locale;
};

export type DocumentShipment = {
  trackingNumber: string;
  status: string;
  originLocation: string;
  destinationLocation: string;
  weight: number | null;
  dimensions: string | null;
  notes: string | null;
  transportMode: "air" | "sea" | "road" | null;
  pieces: number | null;
  goodsDescription: string | null;
  declaredValue: number | null;
  declaredCurrency: string | null;
  incoterm: string | null;
  shipper: DocumentParty | null;
  consignee: DocumentParty | null;
};

export type DocumentCompany = { companyName: string; phone: string; email: string; address: string };

/** The letterhead's company, from the site settings. */
export const documentCompany = ({
  companyName,
  phone,
  email,
  address,
}: DocumentCompany): DocumentCompany => ({
  companyName,
  phone,
  email,
  address,
});

/** What is drawn on every document besides the shipment. */
export type DocumentContext = {
  company: DocumentCompany;
  /** SITE_URL (config.siteUrl), without a trailing slash. */
  siteUrl: string;
  /** When the document is printed: its date. */
  now: Date;
  /** The company's time zone: the printed date is its calendar day. */
  timeZone: string;
  /**
   * The reader's language (decision 030): the document's fixed words, dates and amounts; its data (names,
   * addresses, goods, lines) stays as typed. English when not given.
   */
  locale?: Locale;
};

/** The public tracking page of a shipment, as printed links and QR codes open it (in the reader's language). */
export const trackingUrl = (siteUrl: string, trackingNumber: string, locale: Locale = "en") =>
  `${siteUrl.replace(/\/+$/, "")}${localizePath(trackingPath(trackingNumber), locale)}`;

// A formatter per language and time zone, made once: making one costs more than the rest of a printed date.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** '23 Nov 2026' / '23 nov. 2026' in the company's time zone (day first: read the same way on every continent). */
export function printedDate(date: Date, timeZone: string, locale: Locale = "en"): string {
  const key = `${locale}:${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", {
      timeZone,
      day: "numeric",
      month: "short",
      year: "numeric",
    });
    dateFormats.set(key, format);
  }
  return format.format(date);
}

/** A moment as the delivery note prints it, in the company's time zone: '21 Nov 2026' and '15:40'. */
export function printedDateTime(date: Date, timeZone: string, locale: Locale = "en") {
  const time = new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(date);
  return { date: printedDate(date, timeZone, locale), time };
}

// Shipping labels (shipping-label.server.ts draws them).

export type LabelSize = "4x6" | "a6";
export const LABEL_SIZES: LabelSize[] = ["4x6", "a6"];

/** One shipment's run of labels: pieces `from` to `to` of its `pieces` (1 to 1 when it has none). */
export type LabelRun = { shipment: DocumentShipment; from: number; to: number };

/** The pieces a shipment's labels number: its `pieces`, or 1 when not given. */
export const pieceCount = (shipment: Pick<DocumentShipment, "pieces">) => shipment.pieces ?? 1;
