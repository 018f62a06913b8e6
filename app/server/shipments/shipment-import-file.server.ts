// Importing shipments from a spreadsheet (docs/decisions/020), its first steps: the uploaded file is kept in
// shipment_imports for a day, its dates are read in the format the clerk chose, and every row is checked with the
// shipment form's own schema (and the party form's for the shipper and consignee), so the clerk sees each problem
// by row and column before anything is written. Writing the checked rows is shipment-import.server.ts.
import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import {
  type ColumnMapping,
  DATE_FORMATS,
  type DateFormat,
  IMPORT_FIELDS,
  IMPORT_UPLOAD_HOURS,
  type ImportFieldKey,
} from "#app/lib/shipment-import.ts";
import { trackingKey } from "#app/lib/tracking-number.ts";
import { type PartyInput, partySchema, type ShipmentInput, shipmentSchema } from "#app/schemas/shipment.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { shipmentImports, shipments } from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import type { ImportRowError } from "#app/server/shipments/shipment-views.ts";
import type { SheetRows } from "#app/server/spreadsheets/spreadsheet-read.server.ts";
import { columnLetters } from "#app/server/spreadsheets/xlsx-write.server.ts";

export type ShipmentFields = Omit<ShipmentInput, "shipperId" | "consigneeId">;
export type ImportRow = {
  row: number;
  key: string;
  shipment: ShipmentFields;
  shipper: PartyInput | null;
  consignee: PartyInput | null;
};

// ------------------------------------------------------------------------------------------------------------
// Dates

const EXAMPLES: Record<DateFormat, string> = { dmy: "31/12/2026", mdy: "12/31/2026", iso: "2026-12-31" };

/** An Excel date serial (days since 1899-12-30), as a workbook stores a date cell. */
function excelSerialDate(value: string): string | null {
  if (!/^\d{5}(\.\d+)?$/.test(value)) return null;
  const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(value)) * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/** The date as YYYY-MM-DD in the chosen format, or null when it is not written so (the schema checks the rest). */
export function parseImportDate(value: string, format: DateFormat): string | null {
  const text = value.trim();
  const serial = excelSerialDate(text);
  if (serial) return serial;
  const pad = (n: string) => n.padStart(2, "0");
  if (format === "iso") {
    const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+Z?)?$/.exec(text);
    return m ? `${m[1]}-${pad(m[2]!)}-${pad(m[3]!)}` : null;
  }
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!m) return null;
  const [day, month] = format === "dmy" ? [m[1]!, m[2]!] : [m[2]!, m[1]!];
  return `${m[3]}-${pad(month)}-${pad(day)}`;
}

/** The format the values are surely in (a day over 12 tells DD/MM from MM/DD), or null when they do not say. */
export function guessDateFormat(values: readonly string[]): DateFormat | null {
  let dmy = false;
  let mdy = false;
  for (const value of values) {
    const text = value.trim();
    if (/^\d{4}-\d{1,2}-\d{1,2}/.test(text)) return "iso";
    const m = /^(\d{1,2})[/.-](\d{1,2})[/.-]\d{4}$/.exec(text);
    if (!m) continue;
    if (Number(m[1]) > 12) dmy = true;
    if (Number(m[2]) > 12) mdy = true;
  }
  return dmy === mdy ? null : dmy ? "dmy" : "mdy";
}

// ------------------------------------------------------------------------------------------------------------
// Checking the rows

/** A cell a spreadsheet would run as a formula: = or @ first, or + / - before something other than a number. */
const FORMULA = /^(?:[=@]|[+-](?=[^\d\s.]))/;

export const SHIPMENT_KEYS = Object.keys(shipmentSchema.shape).filter(
  (key) => key !== "shipperId" && key !== "consigneeId",
) as (keyof ShipmentFields)[];
export const PARTY_KEYS = ["name", "company", "email", "phone", "address"] as const;
const partyField = (kind: "shipper" | "consignee", key: (typeof PARTY_KEYS)[number]) =>
  `${kind}${key[0]!.toUpperCase()}${key.slice(1)}` as ImportFieldKey;

/** The mapping's own problems: a required field without a column, one column for two fields, a column past the end. */
export function mappingErrors(mapping: ColumnMapping, header: readonly string[]): string[] {
  const errors: string[] = [];
  const seen = new Map<number, string>();
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field.key];
    if (column === null || column === undefined) {
      if (field.required) errors.push(`Choose the column that holds ${field.label}.`);
      continue;
    }
    if (!Number.isInteger(column) || column < 0 || column >= header.length) {
      errors.push(`The column chosen for ${field.label} is not in the file.`);
      continue;
    }
    const other = seen.get(column);
    if (other) errors.push(`Column ${columnLetters(column)} is chosen for both ${other} and ${field.label}.`);
    seen.set(column, field.label);
  }
  return errors;
}

/**
 * Every data row checked with the shipment form's schema (the date read in the chosen format first) and the party
 * form's; a formula, a tracking number twice in the file, or any field the form would refuse is an error of that
 * row and column. Rows wholly empty are passed over.
 */
export function checkRows({
  sheet,
  mapping,
  dateFormat,
}: {
  sheet: SheetRows;
  mapping: ColumnMapping;
  dateFormat: DateFormat;
}): { rows: ImportRow[]; errors: ImportRowError[] } {
  const [header = [], ...data] = sheet.rows;
  const errors: ImportRowError[] = [];
  const rows: ImportRow[] = [];
  const firstRowOfKey = new Map<string, number>();
  const formulaCells = new Set(sheet.formulas.map((f) => `${f.row}:${f.column}`));
  const fieldOfColumn = new Map<number, ImportFieldKey>();
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field.key];
    if (column !== null && column !== undefined) fieldOfColumn.set(column, field.key);
  }
  const columnOf = (field: ImportFieldKey) => mapping[field] ?? null;
  const locate = (field: ImportFieldKey) => {
    const column = columnOf(field);
    return column === null
      ? { column: "", header: IMPORT_FIELDS.find((f) => f.key === field)!.label }
      : { column: columnLetters(column), header: header[column] ?? "" };
  };

  data.forEach((cells, index) => {
    const row = index + 2;
    if (cells.every((cell) => cell.trim() === "")) return;
    const rowErrors: ImportRowError[] = [];
    const add = (field: ImportFieldKey, message: string) =>
      rowErrors.push({ row, ...locate(field), message });

    const values = {} as Record<ImportFieldKey, string>;
    for (const field of IMPORT_FIELDS) {
      const column = columnOf(field.key);
      values[field.key] = column === null ? "" : (cells[column] ?? "");
    }
    for (const [column, field] of fieldOfColumn) {
      if (formulaCells.has(`${index + 1}:${column}`)) {
        add(field, "This cell holds a formula; formulas are not imported. Paste its value instead.");
      } else if (FORMULA.test(values[field].trim())) {
        add(
          field,
          "This cell starts like a formula (= + - @); formulas are not imported. Type the value itself.",
        );
      }
    }
    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      return;
    }

    let estimatedDelivery = values.estimatedDelivery.trim();
    if (estimatedDelivery) {
      const iso = parseImportDate(estimatedDelivery, dateFormat);
      if (iso) estimatedDelivery = iso;
      else
        add(
          "estimatedDelivery",
          `Enter the date as ${DATE_FORMATS[dateFormat]}, like ${EXAMPLES[dateFormat]}.`,
        );
    }
    const parsed = shipmentSchema.safeParse({
      ...Object.fromEntries(SHIPMENT_KEYS.map((key) => [key, values[key as ImportFieldKey]])),
      transportMode: values.transportMode.trim().toLowerCase(),
      declaredCurrency: values.declaredCurrency.trim().toUpperCase(),
      incoterm: values.incoterm.trim().toUpperCase(),
      estimatedDelivery: rowErrors.length > 0 ? "2000-01-01" : estimatedDelivery,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        add(String(issue.path[0] ?? "trackingNumber") as ImportFieldKey, issue.message);
    }
    const parties: Record<"shipper" | "consignee", PartyInput | null> = { shipper: null, consignee: null };
    for (const kind of ["shipper", "consignee"] as const) {
      const given = PARTY_KEYS.some((key) => values[partyField(kind, key)].trim() !== "");
      if (!given) continue;
      const party = partySchema.safeParse(
        Object.fromEntries(PARTY_KEYS.map((key) => [key, values[partyField(kind, key)]])),
      );
      if (party.success) parties[kind] = party.data;
      else {
        for (const issue of party.error.issues) {
          const key = String(issue.path[0] ?? "name") as (typeof PARTY_KEYS)[number];
          const label = kind === "shipper" ? "Shipper" : "Consignee";
          add(
            partyField(kind, key),
            issue.message.replace(
              /^(Name|Company|Email|Phone|Address)\b/,
              (w) => `${label} ${w.toLowerCase()}`,
            ),
          );
        }
      }
    }
    if (parsed.success) {
      const key = trackingKey(parsed.data.trackingNumber);
      const first = firstRowOfKey.get(key);
      if (first !== undefined) add("trackingNumber", `This tracking number is also on row ${first}.`);
      else firstRowOfKey.set(key, row);
      if (rowErrors.length === 0) {
        const { shipperId: _s, consigneeId: _c, ...shipment } = parsed.data;
        rows.push({ row, key, shipment, shipper: parties.shipper, consignee: parties.consignee });
      }
    }
    // Left to right, as the clerk reads the row.
    const order = (e: ImportRowError) => (e.column === "" ? "" : e.column.padStart(3, " "));
    errors.push(...rowErrors.sort((a, b) => order(a).localeCompare(order(b))));
  });
  if (rows.length === 0 && errors.length === 0) {
    errors.push({
      row: 0,
      column: "",
      header: "",
      message: "The file has no shipments: every row is empty.",
    });
  }
  return { rows, errors };
}

/** How many rows would make new shipments and how many name existing ones (by the tracking key). */
export async function countExisting({ db, rows }: { db: Pick<Db, "select">; rows: ImportRow[] }) {
  let existing = 0;
  for (let i = 0; i < rows.length; i += 5000) {
    const keys = rows.slice(i, i + 5000).map((row) => row.key);
    const [found] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(shipments)
      .where(inArray(shipments.trackingKey, keys));
    existing += found?.n ?? 0;
  }
  return { existing, created: rows.length - existing };
}

// ------------------------------------------------------------------------------------------------------------
// Uploads

export type ImportUpload = typeof shipmentImports.$inferSelect;

/** Deletes the uploads past their day. */
export async function deleteExpiredUploads({ db, now = new Date() }: { db: Db; now?: Date }) {
  const rows = await db.delete(shipmentImports).where(lte(shipmentImports.expiresAt, now)).returning({
    id: shipmentImports.id,
  });
  return rows.length;
}

/** Keeps an uploaded file for a day (the expired ones go first); its id names the import's next steps. */
export async function createUpload({
  db,
  bytes,
  filename,
  userId,
  now = new Date(),
}: {
  db: Db;
  bytes: Uint8Array;
  filename: string;
  userId: string | null;
  now?: Date;
}): Promise<ImportUpload> {
  await deleteExpiredUploads({ db, now });
  const [row] = await db
    .insert(shipmentImports)
    .values({
      createdBy: userId,
      filename: filename.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 200) || "upload",
      file: bytes,
      size: bytes.length,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + IMPORT_UPLOAD_HOURS * 3_600_000),
    })
    .returning();
  return row!;
}

/** An upload that has not expired; null otherwise. */
export async function getUpload({ db, id, now = new Date() }: { db: Db; id: string; now?: Date }) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(shipmentImports)
    .where(and(eq(shipmentImports.id, id), gt(shipmentImports.expiresAt, now)));
  return row ?? null;
}

/** Keeps the clerk's mapping and date format with the upload (the next step may reach another instance). */
export async function saveUploadChoices({
  db,
  id,
  mapping,
  dateFormat,
}: {
  db: Db;
  id: string;
  mapping: ColumnMapping;
  dateFormat: DateFormat;
}) {
  await db
    .update(shipmentImports)
    .set({ mapping, dateFormat, updatedAt: new Date() })
    .where(and(eq(shipmentImports.id, id), eq(shipmentImports.state, "uploaded")));
}
