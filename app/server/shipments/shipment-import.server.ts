// Importing shipments from a spreadsheet (docs/decisions/020), its last step: writing the rows that
// shipment-import-file.server.ts read and checked. The import is all or nothing, in one transaction, claimed once by
// a conditional update of the upload's state. Existing shipments (the same tracking key) are skipped, or updated
// when the clerk asks; the file's shippers and consignees are matched to the address book or created once.
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { ColumnMapping, ImportFieldKey } from "#app/lib/shipment-import.ts";
import { languageOfPhone } from "#app/schemas/party-language.ts";
import type { PartyInput } from "#app/schemas/shipment.ts";
import type { Db, Tx } from "#app/server/db/client.server.ts";
import { consignees, shipmentImports, shipments, shippers } from "#app/server/db/schema.ts";
import { partyDetailColumns } from "#app/server/parties/parties.server.ts";
import { estimateMoved, recordShipmentChange } from "#app/server/shipments/shipment-changes.server.ts";
import {
  checkRows,
  getUpload,
  type ImportRow,
  mappingErrors,
  PARTY_KEYS,
  SHIPMENT_KEYS,
  type ShipmentFields,
} from "#app/server/shipments/shipment-import-file.server.ts";
import type { ImportResult, ImportRowError, PartyDetail } from "#app/server/shipments/shipment-views.ts";
import {
  readSpreadsheet,
  type SheetRows,
  SpreadsheetError,
} from "#app/server/spreadsheets/spreadsheet-read.server.ts";

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
    // A new party's language (decision 030): its phone's country's (French for Côte d'Ivoire, Senegal…).
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
