// The shipment import's fields, limits and date formats (decision 020), shared by the server and the
// import page.

/** Largest file the import takes (stated on the page). */
export const IMPORT_MAX_MB = 10;
export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;
/** Most data rows one file may have (stated on the page). */
export const IMPORT_MAX_ROWS = 20_000;
/** How long an upload is kept between the import's steps. */
export const IMPORT_UPLOAD_HOURS = 24;

export const DATE_FORMATS = {
  dmy: "DD/MM/YYYY",
  mdy: "MM/DD/YYYY",
  iso: "YYYY-MM-DD (ISO)",
} as const;
export type DateFormat = keyof typeof DATE_FORMATS;

/**
 * A column the import can fill: the shipment form's fields, and the shipper's and consignee's (matched by e-mail,
 * else by exact name, else created). `aliases` are header texts it is guessed from (compared without case, spaces
 * or punctuation). `required` ones must be mapped.
 */
export const IMPORT_FIELDS = [
  {
    key: "trackingNumber",
    label: "Tracking number",
    required: true,
    aliases: ["tracking", "trackingno", "awb", "hawb", "waybill", "reference", "ref"],
  },
  { key: "status", label: "Status", required: true, aliases: ["currentstatus", "shipmentstatus"] },
  {
    key: "originLocation",
    label: "Origin",
    required: true,
    aliases: ["from", "origincity", "departure", "citydeparture"],
  },
  {
    key: "destinationLocation",
    label: "Destination",
    required: true,
    aliases: ["to", "destinationcity", "deliverycity"],
  },
  { key: "currentLocation", label: "Current location", required: false, aliases: ["location"] },
  {
    key: "estimatedDelivery",
    label: "Estimated delivery",
    required: true,
    aliases: ["eta", "estimateddeliverydate", "deliverydate", "expecteddelivery"],
  },
  {
    key: "weight",
    label: "Weight (kg)",
    required: false,
    aliases: ["weight", "weightkg", "kg", "grossweight"],
  },
  { key: "dimensions", label: "Dimensions", required: true, aliases: ["dims", "size", "measurements"] },
  { key: "pieces", label: "Pieces", required: false, aliases: ["pcs", "packages", "quantity", "qty"] },
  { key: "transportMode", label: "Mode", required: false, aliases: ["transportmode", "modeoftransport"] },
  {
    key: "goodsDescription",
    label: "Goods description",
    required: false,
    aliases: ["goods", "description", "commodity", "contents"],
  },
  { key: "declaredValue", label: "Declared value", required: false, aliases: ["value"] },
  { key: "declaredCurrency", label: "Currency", required: false, aliases: ["declaredcurrency"] },
  { key: "incoterm", label: "Incoterm", required: false, aliases: ["incoterms"] },
  { key: "notes", label: "Notes", required: false, aliases: ["note", "remarks", "comments"] },
  {
    key: "shipperName",
    label: "Shipper name",
    required: false,
    aliases: ["shipper", "sender", "sendername"],
  },
  { key: "shipperCompany", label: "Shipper company", required: false, aliases: ["sendercompany"] },
  {
    key: "shipperEmail",
    label: "Shipper email",
    required: false,
    aliases: ["shipperemailaddress", "senderemail"],
  },
  { key: "shipperPhone", label: "Shipper phone", required: false, aliases: ["senderphone"] },
  { key: "shipperAddress", label: "Shipper address", required: false, aliases: ["senderaddress"] },
  {
    key: "consigneeName",
    label: "Consignee name",
    required: false,
    aliases: ["consignee", "receiver", "recipient", "receivername"],
  },
  { key: "consigneeCompany", label: "Consignee company", required: false, aliases: ["receivercompany"] },
  {
    key: "consigneeEmail",
    label: "Consignee email",
    required: false,
    aliases: ["consigneeemailaddress", "receiveremail"],
  },
  { key: "consigneePhone", label: "Consignee phone", required: false, aliases: ["receiverphone"] },
  { key: "consigneeAddress", label: "Consignee address", required: false, aliases: ["receiveraddress"] },
] as const;
export type ImportFieldKey = (typeof IMPORT_FIELDS)[number]["key"];

/** Which column (0-based) fills each field; null: none. */
export type ColumnMapping = Record<ImportFieldKey, number | null>;

/** A header's text for comparison: lower case, letters and digits only. */
export function headerKey(text: string): string {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/**
 * The mapping guessed from the header row: a column whose header is a field's label or one of its aliases; each
 * column fills one field at most, the first field that claims it.
 */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const keys = header.map(headerKey);
  const used = new Set<number>();
  const mapping = {} as ColumnMapping;
  for (const field of IMPORT_FIELDS) {
    const names = [headerKey(field.label), headerKey(field.key), ...field.aliases];
    const column = keys.findIndex((key, index) => key !== "" && !used.has(index) && names.includes(key));
    mapping[field.key] = column >= 0 ? column : null;
    if (column >= 0) used.add(column);
  }
  return mapping;
}

/** The template's header and its one example row (the import page links it). */
export const TEMPLATE_ROWS: string[][] = [
  IMPORT_FIELDS.map((field) => field.label),
  [
    "UTG-2026-0001",
    "In Transit",
    "Antwerp, Belgium",
    "Monrovia, Liberia",
    "At sea",
    "31/12/2026",
    "1250.5",
    "120x80x100 cm",
    "3",
    "sea",
    "Used machine parts",
    "15000",
    "USD",
    "CIF",
    "",
    "Jan Peeters",
    "Peeters Export NV",
    "jan@example.com",
    "",
    "Havenlaan 1, Antwerp",
    "Musu Kollie",
    "Kollie Trading",
    "musu@example.com",
    "0770 123 456",
    "Broad Street, Monrovia",
  ],
];
