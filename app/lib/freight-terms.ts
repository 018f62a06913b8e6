// The freight documents' fixed vocabularies (issue 16), shared by the database schema, the form, the zod schema
// and the PDFs: a shipment's mode of transport, declared-value currency and incoterm.

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

/** Most pieces a shipment may have (a sea container of cartons), and most labels one run prints. */
export const MAX_PIECES = 10_000;
export const MAX_LABELS_PER_RUN = 100;
/** Most labels one bulk PDF holds (all pieces of all shipments selected). */
export const MAX_LABELS_PER_BULK = 500;

/** '1,250.00 USD'. */
export function formatDeclaredValue(value: number, currency: string): string {
  return `${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
}

/** A shipment's transport mode, declared value and incoterm as the pages write them ('Sea', '1,250.00 USD', 'FOB: Free on Board'). */
export function freightTermLabels(shipment: {
  transportMode: TransportMode | null;
  declaredValue: number | null;
  declaredCurrency: string | null;
  incoterm: string | null;
}) {
  return {
    transportMode: shipment.transportMode ? TRANSPORT_MODE_LABELS[shipment.transportMode] : null,
    declaredValue:
      shipment.declaredValue !== null && shipment.declaredCurrency
        ? formatDeclaredValue(shipment.declaredValue, shipment.declaredCurrency)
        : null,
    incoterm: shipment.incoterm
      ? `${shipment.incoterm}: ${INCOTERMS[shipment.incoterm as Incoterm] ?? shipment.incoterm}`
      : null,
  };
}

const FREIGHT_LABELS: Record<string, string> = { air: "Air Freight", sea: "Sea Freight" };

/** A quote request's freight types as the spec names them: Air Freight, Sea Freight, and Road Transport for
 * 'road' or any other value; each label once. */
export function freightTypeLabels(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => FREIGHT_LABELS[value] ?? "Road Transport"))];
}
