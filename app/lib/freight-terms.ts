// The freight documents' fixed vocabularies (decision 015), shared by the database schema, the form, the zod schema
// and the PDFs: a shipment's mode of transport, declared-value currency and incoterm.
import type { Locale } from "#app/lib/i18n/locale.ts";

export const TRANSPORT_MODES = ["air", "sea", "road"] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];
export const TRANSPORT_MODE_LABELS: Record<TransportMode, string> = { air: "Air", sea: "Sea", road: "Road" };

/**
 * Currencies a declared value may be given in (ISO 4217): the dollar and the Liberian dollar first, then the
 * usual trading currencies of the region and of the lanes the company serves.
 */
export const CURRENCIES = [
  "USD",
  "LRD",
  "EUR",
  "GBP",
  "CNY",
  "NGN",
  "GHS",
  "XOF",
  "SLE",
  "GNF",
  "AED",
  "INR",
  "JPY",
  "TRY",
  "ZAR",
] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The 11 Incoterms 2020 rules, with their names as the ICC writes them. */
export const INCOTERMS = {
  EXW: "Ex Works",
  FCA: "Free Carrier",
  CPT: "Carriage Paid To",
  CIP: "Carriage and Insurance Paid To",
  DAP: "Delivered at Place",
  DPU: "Delivered at Place Unloaded",
  DDP: "Delivered Duty Paid",
  FAS: "Free Alongside Ship",
  FOB: "Free on Board",
  CFR: "Cost and Freight",
  CIF: "Cost, Insurance and Freight",
} as const;
export type Incoterm = keyof typeof INCOTERMS;
export const INCOTERM_CODES = Object.keys(INCOTERMS) as Incoterm[];

/** The same rules with the names the ICC's French edition gives them, for French pages and documents. */
export const INCOTERMS_FR: Record<Incoterm, string> = {
  EXW: "À l'usine",
  FCA: "Franco transporteur",
  CPT: "Port payé jusqu'à",
  CIP: "Port payé, assurance comprise, jusqu'à",
  DAP: "Rendu au lieu de destination",
  DPU: "Rendu au lieu de destination déchargé",
  DDP: "Rendu droits acquittés",
  FAS: "Franco le long du navire",
  FOB: "Franco à bord",
  CFR: "Coût et fret",
  CIF: "Coût, assurance et fret",
};

/** A rule's name in `locale` ('Delivered at Place' / 'Rendu au lieu de destination'); an unknown code as it is. */
export function incotermName(code: string, locale: Locale = "en"): string {
  if (!Object.hasOwn(INCOTERMS, code)) return code;
  return (locale === "fr" ? INCOTERMS_FR : INCOTERMS)[code as Incoterm];
}

/** Most pieces a shipment may have (a sea container of cartons), and most labels one run prints. */
export const MAX_PIECES = 10_000;
export const MAX_LABELS_PER_RUN = 100;
/** Most labels one bulk PDF holds (all pieces of all shipments selected). */
export const MAX_LABELS_PER_BULK = 500;

/** '1,250.00 USD'. */
export function formatDeclaredValue(value: number, currency: string): string {
  return `${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
}

/**
 * A shipment's transport mode, declared value and incoterm as the pages write them ('Sea', '1,250.00 USD',
 * 'FOB: Free on Board'). `declared` writes the value in another language (formatDeclaredValueIn); in French the
 * rule's name is French too ('FOB : Franco à bord'); the mode stays the English key the page translates.
 */
export function freightTermLabels(
  shipment: {
    transportMode: TransportMode | null;
    declaredValue: number | null;
    declaredCurrency: string | null;
    incoterm: string | null;
  },
  {
    locale = "en",
    declared = formatDeclaredValue,
  }: {
    locale?: Locale;
    declared?: (value: number, currency: string) => string;
  } = {},
) {
  return {
    transportMode: shipment.transportMode ? TRANSPORT_MODE_LABELS[shipment.transportMode] : null,
    declaredValue:
      shipment.declaredValue !== null && shipment.declaredCurrency
        ? declared(shipment.declaredValue, shipment.declaredCurrency)
        : null,
    incoterm: shipment.incoterm
      ? `${shipment.incoterm}${locale === "fr" ? " :" : ":"} ${incotermName(shipment.incoterm, locale)}`
      : null,
  };
}

const FREIGHT_LABELS: Record<string, string> = { air: "Air Freight", sea: "Sea Freight" };

/** A quote request's freight types as the spec names them: Air Freight, Sea Freight, and Road Transport for
 * 'road' or any other value; each label once. */
export function freightTypeLabels(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => FREIGHT_LABELS[value] ?? "Road Transport"))];
}
