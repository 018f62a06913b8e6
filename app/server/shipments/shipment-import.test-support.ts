// Tests' fixture for the spreadsheet import (shipment-import-file.server.ts, shipment-import.server.ts and its page):
// a clerk's file builders (the header, a row, CSV as a spreadsheet writes it) and the import's first steps on a
// test database, shared by the import's test files.
import { count } from "drizzle-orm";
import { strToU8 } from "fflate";
import { type ColumnMapping, guessMapping } from "#app/lib/shipment-import.ts";
import { consignees, shipmentImports, shipments, shippers } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createUpload, saveUploadChoices } from "#app/server/shipments/shipment-import-file.server.ts";
import { readSpreadsheet } from "#app/server/spreadsheets/spreadsheet-read.server.ts";

export const HEADER = [
  "Tracking No",
  "Status",
  "From",
  "Ship to",
  "ETA",
  "Dimensions",
  "Weight",
  "Shipper",
  "Shipper email",
  "Consignee",
  "Consignee email",
];
/** CSV as a clerk's spreadsheet writes it (quoted where needed, nothing neutralised). */
export const csv = (rows: string[][]) =>
  strToU8(
    rows
      .map(
        (cells) =>
          `${cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(",")}\r\n`,
      )
      .join(""),
  );
export const row = (n: string, overrides: Partial<Record<string, string>> = {}) => {
  const values: Record<string, string> = {
    "Tracking No": n,
    Status: "In Transit",
    From: "Antwerp",
    "Ship to": "Monrovia",
    ETA: "31/12/2026",
    Dimensions: "1x1x1 m",
    Weight: "120.5",
    Shipper: "Peeters Export",
    "Shipper email": "jan@peeters.example",
    Consignee: "Kollie Trading",
    "Consignee email": "",
    ...overrides,
  };
  return HEADER.map((h) => values[h]!);
};
export const mappingFor = (header: string[]): ColumnMapping => ({
  ...guessMapping(header),
  destinationLocation: header.indexOf("Ship to"),
});

/**
 * The import's steps as the signed-in clerk `current()` names (read when a step runs, after the test file's
 * beforeAll): an upload with its mapping and date format saved, and the rows each table holds.
 */
export function importSteps(current: () => { services: Services; userId: string }) {
  async function upload(
    bytes: Uint8Array,
    {
      dateFormat = "dmy" as const,
      mapping,
    }: { dateFormat?: "dmy" | "mdy" | "iso"; mapping?: ColumnMapping } = {},
  ) {
    const { services, userId } = current();
    const created = await createUpload({ db: services.db, bytes, filename: "shipments.csv", userId });
    const header = readSpreadsheet(bytes).rows[0]!;
    await saveUploadChoices({
      db: services.db,
      id: created.id,
      mapping: mapping ?? mappingFor(header),
      dateFormat,
    });
    return created.id;
  }

  const counts = async () => {
    const { services } = current();
    return {
      shipments: (await services.db.select({ n: count() }).from(shipments))[0]!.n,
      shippers: (await services.db.select({ n: count() }).from(shippers))[0]!.n,
      consignees: (await services.db.select({ n: count() }).from(consignees))[0]!.n,
      uploads: (await services.db.select({ n: count() }).from(shipmentImports))[0]!.n,
    };
  };
  return { upload, counts };
}
