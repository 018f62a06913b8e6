import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guessMapping } from "#app/lib/shipment-import.ts";
import { seedDemoContent } from "#app/server/seed.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { shipmentExport } from "#app/server/shipments/shipment-export.server.ts";
import { runImport } from "#app/server/shipments/shipment-import.server.ts";
import {
  checkRows,
  createUpload,
  saveUploadChoices,
} from "#app/server/shipments/shipment-import-file.server.ts";
import { exportResponse } from "#app/server/spreadsheets/exports.server.ts";
import { readSpreadsheet } from "#app/server/spreadsheets/spreadsheet-read.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

// The app's own export imports again (issue 'What staff see is what customers get'): the demo data, whose shipper
// has a Shanghai office landline, goes out as CSV and Excel and comes back in with every row valid.

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
  await seedDemoContent({ db: services.db });
});
afterAll(() => services?.close());

describe("export, then import", () => {
  for (const format of ["csv", "xlsx"] as const) {
    it(`imports the seeded shipments from their own ${format} export`, async () => {
      const response = exportResponse({
        table: shipmentExport({ db: services.db, params: new URLSearchParams() }),
        format,
        name: "shipments",
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const sheet = readSpreadsheet(bytes);
      const mapping = guessMapping(sheet.rows[0]!);
      const checked = checkRows({ sheet, mapping, dateFormat: "iso" });
      expect(checked.errors).toEqual([]);
      expect(checked.rows.length).toBe(sheet.rows.length - 1);
      const upload = await createUpload({
        db: services.db,
        bytes,
        filename: `shipments.${format}`,
        userId: null,
      });
      await saveUploadChoices({ db: services.db, id: upload.id, mapping, dateFormat: "iso" });
      const outcome = await runImport({
        db: services.db,
        id: upload.id,
        updateExisting: true,
        notify: false,
      });
      expect(outcome).toMatchObject({ ok: true, result: { created: 0, updated: checked.rows.length } });
    });
  }
});
