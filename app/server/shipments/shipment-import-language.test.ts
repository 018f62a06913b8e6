// Decision 030: a party an import creates gets the language of its phone's country (French for Côte d'Ivoire,
// Senegal…, English otherwise), as one the shipment form creates.

import { eq } from "drizzle-orm";
import { strToU8 } from "fflate";
import { afterAll, beforeAll, expect, it } from "vitest";
import { guessMapping } from "#app/lib/shipment-import.ts";
import { consignees, shippers } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { runImport } from "#app/server/shipments/shipment-import.server.ts";
import { createUpload, saveUploadChoices } from "#app/server/shipments/shipment-import-file.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let userId: string;
beforeAll(async () => {
  services = await createTestServices();
  userId = (await signInStaff({ ...services, email: "import-lang@example.com" })).user.id;
});
afterAll(() => services?.close());

it("guesses a new party's language from its phone", async () => {
  const header = [
    "Tracking No",
    "Status",
    "From",
    "Destination",
    "ETA",
    "Dimensions",
    "Shipper",
    "Shipper phone",
    "Consignee",
    "Consignee phone",
  ];
  const row = [
    "IMP-LANG-1",
    "In Transit",
    "Antwerp",
    "Abidjan",
    "31/12/2026",
    "1x1x1 m",
    "Antwerp Forwarding",
    "+32 470 12 34 56",
    "Koné Import",
    "+225 07 08 09 10 11",
  ];
  const bytes = strToU8(`${header.join(",")}\r\n${row.join(",")}\r\n`);
  const { id } = await createUpload({ db: services.db, bytes, filename: "lang.csv", userId });
  await saveUploadChoices({ db: services.db, id, mapping: guessMapping(header), dateFormat: "dmy" });
  const outcome = await runImport({ db: services.db, id, updateExisting: false, notify: false });
  expect(outcome.ok ? null : outcome).toBeNull();
  const [consignee] = await services.db.select().from(consignees).where(eq(consignees.name, "Koné Import"));
  const [shipper] = await services.db.select().from(shippers).where(eq(shippers.name, "Antwerp Forwarding"));
  expect(consignee!.language).toBe("fr");
  expect(shipper!.language).toBe("en");
});
