// Longer than 450 lines: the import's four marked sections (dates, checking the rows, uploads, the import
// itself) share the row and mapping types of one upload.
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
import { languageOfPhone } from "#app/schemas/party-language.ts";
import { type PartyInput, partySchema, type ShipmentInput, shipmentSchema } from "#app/schemas/shipment.ts";
import type { Db, Tx } from "#app/server/db/client.server.ts";
import { consignees, shipmentImports, shipments, shippers } from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { partyDetailColumns } from "#app/server/parties/parties.server.ts";
import { estimateMoved, recordShipmentChange } from "#app/server/shipments/shipment-changes.server.ts";
import type { ImportResult, ImportRowError, PartyDetail } from "#app/server/shipments/shipment-views.ts";
import {
  readSpreadsheet,
  type SheetRows,
  SpreadsheetError,
} from "#app/server/spreadsheets/spreadsheet-read.server.ts";
import { columnLetters } from "#app/server/spreadsheets/xlsx-write.server.ts";

// Importing shipments from a spreadsheet (issue 18, decision 020): the upload is kept in shipment_imports for a day;
// every row is checked with the shipment form's own schema (and the party form's for the shipper and consignee);
// the import is all or nothing, in one transaction, claimed once by a conditional update of the upload's state.
// Existing shipments (the same tracking key) are skipped, or updated when the clerk asks.

export { SpreadsheetError };

type ShipmentFields = Omit<ShipmentInput, "shipperId" | "consigneeId">;
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

const SHIPMENT_KEYS = Object.keys(shipmentSchema.shape).filter(
  (key) => key !== "shipperId" && key !== "consigneeId",
) as (keyof ShipmentFields)[];
const PARTY_KEYS = ["name", "company", "email", "phone", "address"] as const;
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

// ------------------------------------------------------------------------------------------------------------
// The import

const BATCH = 1000;

/** A party's key within one import: its e-mail (case aside), else its name. */
const partyKey = (party: PartyInput) => (party.email ? `e:${party.email.toLowerCase()}` : `n:${party.name}`);

type PartyField = (typeof PARTY_KEYS)[number];
type StoredParty = { id: string; name: string } & Record<Exclude<PartyField, "name">, string | null>;

/** The form's name for a differing detail: the clerk's choice is sent as `detail:<key>` = keep | replace. */
export const partyDetailKey = (detail: Pick<PartyDetail, "kind" | "partyId" | "field">) =>
  `${detail.kind}:${detail.partyId}:${detail.field}`;

/**
 * The file's distinct shippers or consignees and the existing party each matches: one with the same e-mail
 * (case-insensitive), else one with exactly the same name (the oldest).
 */
async function matchParties(db: Pick<Db, "select">, kind: "shipper" | "consignee", parties: PartyInput[]) {
  const table = kind === "shipper" ? shippers : consignees;
  const unique = new Map<string, PartyInput>();
  for (const party of parties) if (!unique.has(partyKey(party))) unique.set(partyKey(party), party);
  const list = [...unique.values()];
  const byEmail = new Map<string, StoredParty>();
  const byName = new Map<string, StoredParty>();
  for (let i = 0; i < list.length; i += BATCH) {
    const slice = list.slice(i, i + BATCH);
    const emails = slice.flatMap((p) => (p.email ? [p.email.toLowerCase()] : []));
    const names = slice.map((p) => p.name);
    const found = await db
      .select(partyDetailColumns(table))
      .from(table)
      .where(
        sql`(${emails.length > 0 ? sql`lower(${table.email}) in ${emails}` : sql`false`}) or ${inArray(table.name, names)}`,
      )
      .orderBy(table.createdAt, table.id);
    for (const row of found) {
      const email = row.email?.toLowerCase();
      if (email && !byEmail.has(email)) byEmail.set(email, row);
      if (!byName.has(row.name)) byName.set(row.name, row);
    }
  }
  const matched = new Map<string, StoredParty>();
  const missing: PartyInput[] = [];
  for (const party of list) {
    const stored =
      (party.email ? byEmail.get(party.email.toLowerCase()) : undefined) ?? byName.get(party.name);
    if (stored) matched.set(partyKey(party), stored);
    else missing.push(party);
  }
  return { list, matched, missing };
}

/** What the file says about matched parties beyond what they hold: details they lack, and ones that differ. */
function compareDetails(
  kind: "shipper" | "consignee",
  list: PartyInput[],
  matched: Map<string, StoredParty>,
): { fills: PartyDetail[]; conflicts: PartyDetail[] } {
  const fills: PartyDetail[] = [];
  const conflicts: PartyDetail[] = [];
  const seen = new Set<string>();
  for (const party of list) {
    const stored = matched.get(partyKey(party));
    if (!stored) continue;
    for (const field of PARTY_KEYS) {
      const file = party[field]?.trim() ?? "";
      const current = stored[field]?.trim() ?? "";
      if (file === "") continue;
      const same = field === "email" ? file.toLowerCase() === current.toLowerCase() : file === current;
      if (same) continue;
      const detail = { kind, partyId: stored.id, partyName: stored.name, field, stored: stored[field], file };
      // Two rows naming one party differently: the first row's value is the file's.
      if (seen.has(partyDetailKey(detail))) continue;
      seen.add(partyDetailKey(detail));
      (current === "" ? fills : conflicts).push(detail);
    }
  }
  return { fills, conflicts };
}

/** For the check step: the details of existing parties the import would fill, and those that differ. */
export async function planPartyDetails({ db, rows }: { db: Pick<Db, "select">; rows: ImportRow[] }) {
  const fills: PartyDetail[] = [];
  const conflicts: PartyDetail[] = [];
  for (const kind of ["shipper", "consignee"] as const) {
    const { list, matched } = await matchParties(
      db,
      kind,
      rows.flatMap((r) => (r[kind] ? [r[kind]] : [])),
    );
    const found = compareDetails(kind, list, matched);
    fills.push(...found.fills);
    conflicts.push(...found.conflicts);
  }
  return { fills, conflicts };
}

/**
 * The ids of the file's shippers or consignees: the matched party (given the details it lacked, and the differing
 * ones the clerk chose to replace), else a new one, created once however many rows name it.
 */
async function resolveParties(
  tx: Tx,
  kind: "shipper" | "consignee",
  parties: PartyInput[],
  replace: ReadonlySet<string>,
  now: Date,
) {
  const table = kind === "shipper" ? shippers : consignees;
  const { list, matched, missing } = await matchParties(tx, kind, parties);
  const ids = new Map<string, string>();
  for (const [key, stored] of matched) ids.set(key, stored.id);
  const { fills, conflicts } = compareDetails(kind, list, matched);
  const changes = new Map<string, Partial<Record<PartyField, string>>>();
  for (const detail of [...fills, ...conflicts.filter((c) => replace.has(partyDetailKey(c)))]) {
    const set = changes.get(detail.partyId) ?? {};
    set[detail.field] ??= detail.file;
    changes.set(detail.partyId, set);
  }
  for (const [id, set] of changes) {
    await tx
      .update(table)
      .set({ ...set, updatedAt: now })
      .where(eq(table.id, id));
  }
  for (let i = 0; i < missing.length; i += BATCH) {
    const slice = missing.slice(i, i + BATCH);
    // A new party's language (issue 30): its phone's country's (French for Côte d'Ivoire, Senegal…).
    const created = await tx
      .insert(table)
      .values(slice.map((party) => ({ ...party, language: languageOfPhone(party.phone) })))
      .returning({ id: table.id });
    slice.forEach((party, index) => {
      ids.set(partyKey(party), created[index]!.id);
    });
  }
  return ids;
}

export type RunImportOutcome =
  | { ok: true; result: ImportResult; repeated: boolean }
  | { ok: false; reason: "gone" | "not-ready" }
  | { ok: false; reason: "file"; message: string }
  | { ok: false; reason: "invalid"; errors: ImportRowError[]; mappingErrors: string[] };

/**
 * Imports an upload with its saved mapping and date format: all rows or none, in one transaction, once. The
 * transaction first moves the upload from `uploaded` to `imported` (a second click, tab or instance waits for the
 * first and then finds it imported: it answers with the first's result). New tracking keys make shipments;
 * existing ones are updated (the mapped columns only) with `updateExisting`, else left as they are. With `notify`,
 * each new or changed shipment is recorded for its recipients as a form's save would.
 */
export async function runImport({
  db,
  id,
  updateExisting,
  notify,
  replaceDetails = [],
  now = new Date(),
}: {
  db: Db;
  id: string;
  updateExisting: boolean;
  notify: boolean;
  /** The differing party details (`partyDetailKey`) the clerk chose to replace with the file's; others are kept. */
  replaceDetails?: readonly string[];
  now?: Date;
}): Promise<RunImportOutcome> {
  const upload = await getUpload({ db, id, now });
  if (!upload) return { ok: false, reason: "gone" };
  if (upload.state === "imported") return { ok: true, result: upload.result!, repeated: true };
  if (!upload.mapping || !upload.dateFormat) return { ok: false, reason: "not-ready" };
  let sheet: SheetRows;
  try {
    sheet = readSpreadsheet(upload.file);
  } catch (error) {
    if (error instanceof SpreadsheetError) return { ok: false, reason: "file", message: error.message };
    throw error;
  }
  const mapping = upload.mapping as ColumnMapping;
  const problems = mappingErrors(mapping, sheet.rows[0] ?? []);
  if (problems.length > 0) return { ok: false, reason: "invalid", errors: [], mappingErrors: problems };
  const checked = checkRows({ sheet, mapping, dateFormat: upload.dateFormat });
  if (checked.errors.length > 0)
    return { ok: false, reason: "invalid", errors: checked.errors, mappingErrors: [] };
  // An update writes the mapped columns only, and keeps the shipment's number as stored (the key matched it).
  const mappedShipmentKeys = SHIPMENT_KEYS.filter(
    (key) => key !== "trackingNumber" && mapping[key as ImportFieldKey] !== null,
  );

  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(shipmentImports)
      .set({ state: "imported", updatedAt: now })
      .where(
        and(
          eq(shipmentImports.id, id),
          eq(shipmentImports.state, "uploaded"),
          gt(shipmentImports.expiresAt, now),
        ),
      )
      .returning({ id: shipmentImports.id });
    if (claimed.length === 0) {
      const [done] = await tx.select().from(shipmentImports).where(eq(shipmentImports.id, id));
      if (done?.state === "imported" && done.result) return { ok: true, result: done.result, repeated: true };
      return { ok: false, reason: "gone" };
    }
    const rows = checked.rows;
    const replace = new Set(replaceDetails);
    const shipperIds = await resolveParties(
      tx,
      "shipper",
      rows.flatMap((r) => (r.shipper ? [r.shipper] : [])),
      replace,
      now,
    );
    const consigneeIds = await resolveParties(
      tx,
      "consignee",
      rows.flatMap((r) => (r.consignee ? [r.consignee] : [])),
      replace,
      now,
    );
    const existing = new Map<string, { id: string; status: string; estimatedDelivery: Date | null }>();
    for (let i = 0; i < rows.length; i += 5000) {
      const keys = rows.slice(i, i + 5000).map((row) => row.key);
      const query = tx
        .select({
          id: shipments.id,
          key: shipments.trackingKey,
          status: shipments.status,
          estimatedDelivery: shipments.estimatedDelivery,
        })
        .from(shipments)
        .where(inArray(shipments.trackingKey, keys))
        .orderBy(shipments.id);
      for (const row of updateExisting ? await query.for("update") : await query) existing.set(row.key, row);
    }
    const fresh = rows.filter((row) => !existing.has(row.key));
    const result: ImportResult = { created: fresh.length, updated: 0, skipped: 0 };
    const changes: { shipmentId: string; kind: "status" | "estimated_delivery"; shipment: ShipmentFields }[] =
      [];
    for (let i = 0; i < fresh.length; i += BATCH) {
      const slice = fresh.slice(i, i + BATCH);
      const created = await tx
        .insert(shipments)
        .values(
          slice.map((row) => ({
            ...row.shipment,
            shipperId: row.shipper ? shipperIds.get(partyKey(row.shipper))! : null,
            consigneeId: row.consignee ? consigneeIds.get(partyKey(row.consignee))! : null,
          })),
        )
        .returning({ id: shipments.id });
      if (notify) {
        slice.forEach((row, index) => {
          changes.push({ shipmentId: created[index]!.id, kind: "status", shipment: row.shipment });
        });
      }
    }
    for (const row of rows) {
      const before = existing.get(row.key);
      if (!before) continue;
      if (!updateExisting) {
        result.skipped++;
        continue;
      }
      const set: Record<string, unknown> = Object.fromEntries(
        mappedShipmentKeys.map((key) => [key, row.shipment[key]]),
      );
      if (row.shipper) set.shipperId = shipperIds.get(partyKey(row.shipper));
      if (row.consignee) set.consigneeId = consigneeIds.get(partyKey(row.consignee));
      await tx
        .update(shipments)
        .set({ ...set, updatedAt: now })
        .where(eq(shipments.id, before.id));
      result.updated++;
      const statusChanged = before.status !== row.shipment.status;
      if (
        notify &&
        (statusChanged || estimateMoved(before.estimatedDelivery, row.shipment.estimatedDelivery))
      ) {
        changes.push({
          shipmentId: before.id,
          kind: statusChanged ? "status" : "estimated_delivery",
          shipment: row.shipment,
        });
      }
    }
    for (const change of changes) {
      await recordShipmentChange({
        tx,
        shipmentId: change.shipmentId,
        change: {
          kind: change.kind,
          status: change.shipment.status,
          location: change.shipment.currentLocation,
          notes: null,
          at: now.toISOString(),
          estimatedDelivery: change.shipment.estimatedDelivery?.toISOString() ?? null,
        },
        now,
      });
    }
    await tx.update(shipmentImports).set({ result }).where(eq(shipmentImports.id, id));
    return { ok: true, result, repeated: false };
  });
}
