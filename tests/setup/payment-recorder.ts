// One app process recording payments (app/server/payments/payment-instances.test.ts starts several on one
// database): records each payment of PAYMENTS in turn, as a clerk's post would, and prints one line of JSON with
// what each answered.
//
// Environment: DATABASE_URL, PAYMENTS (JSON: [{ invoiceId, amountMinor, key }]), STAFF_ID, TODAY (YYYY-MM-DD).
import { openDatabase } from "#app/server/db/client.server.ts";
import { recordPayment } from "#app/server/payments/payments.server.ts";

const { DATABASE_URL, PAYMENTS, STAFF_ID, TODAY } = process.env;
if (!DATABASE_URL || !PAYMENTS || !STAFF_ID || !TODAY) {
  throw new Error("DATABASE_URL, PAYMENTS, STAFF_ID and TODAY are required");
}
const wanted = JSON.parse(PAYMENTS) as { invoiceId: string; amountMinor: number; key: string }[];
const database = await openDatabase({ databaseUrl: DATABASE_URL, poolSize: 2 });
try {
  const results = [];
  for (const { invoiceId, amountMinor, key } of wanted) {
    results.push({
      key,
      invoiceId,
      ...(await recordPayment({
        db: database.db,
        staffId: STAFF_ID,
        today: TODAY,
        input: {
          party: null,
          customerName: "",
          receivedOn: TODAY,
          method: "cash",
          reference: null,
          note: null,
          currency: "USD",
          amountMinor,
          settledCurrency: "USD",
          rateMicro: null,
          allocations: [{ invoiceId, amountMinor }],
          overpayment: false,
          submissionKey: key,
        },
      })),
    });
  }
  process.stdout.write(`${JSON.stringify(results)}\n`);
} finally {
  await database.close();
}
