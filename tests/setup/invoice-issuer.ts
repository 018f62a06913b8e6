// One app process issuing invoices (app/server/invoices/invoice-instances.test.ts starts several on one database):
// issues each draft of INVOICE_IDS in turn, as a clerk's click would, and prints one line of JSON with what each
// issue answered.
//
// Environment: DATABASE_URL, INVOICE_IDS (comma-separated), STAFF_ID, TODAY (YYYY-MM-DD).
import { DEFAULT_INVOICE_SETTINGS } from "#app/schemas/invoice-settings.ts";
import { openDatabase } from "#app/server/db/client.server.ts";
import { issueInvoice } from "#app/server/invoices/invoices.server.ts";

const { DATABASE_URL, INVOICE_IDS, STAFF_ID, TODAY } = process.env;
if (!DATABASE_URL || !INVOICE_IDS || !STAFF_ID || !TODAY) {
  throw new Error("DATABASE_URL, INVOICE_IDS, STAFF_ID and TODAY are required");
}
const database = await openDatabase({ databaseUrl: DATABASE_URL, poolSize: 2 });
try {
  const results = [];
  for (const id of INVOICE_IDS.split(",")) {
    results.push({
      id,
      ...(await issueInvoice({
        db: database.db,
        id,
        staffId: STAFF_ID,
        today: TODAY,
        settings: DEFAULT_INVOICE_SETTINGS,
      })),
    });
  }
  process.stdout.write(`${JSON.stringify(results)}\n`);
} finally {
  await database.close();
}
