// One app process settling mobile-money requests (app/server/payments/mobile-money/mobile-money-instances.test.ts
// starts several on one database, all asking the MTN stand-in): POLL=1 runs the poller's round at NOW; SETTLE=1
// asks MTN about every request of REQUEST_IDS itself and records what it says at once, as the callback route and
// the customer's page do once they may ask (so several processes record the same answer at the same moment);
// otherwise it checks every request at once, as callbacks and customers' pages would (MTN asked at most once an
// interval between them all). All from GO_AT (ms). Prints one line of JSON with the requests' states after.
//
// Environment: DATABASE_URL, REQUEST_IDS (comma-separated), NOW (ISO), POLL, SETTLE, and the MTN_MOMO_ settings.
import { openDatabase } from "#app/server/db/client.server.ts";
import {
  checkMobileMoneyRequest,
  settleMobileMoneyRequest,
} from "#app/server/payments/mobile-money/mobile-money.server.ts";
import { checkDueMobileMoneyRequests } from "#app/server/payments/mobile-money/mobile-money-poller.server.ts";
import { createMomoClient, momoConfigOf } from "#app/server/payments/mobile-money/mtn-momo.server.ts";
import { loadConfig } from "#app/server/platform/config.server.ts";
import { createLogger } from "#app/server/platform/logger.server.ts";

const { DATABASE_URL, REQUEST_IDS, NOW, POLL, SETTLE, GO_AT } = process.env;
if (!DATABASE_URL || !REQUEST_IDS || !NOW) throw new Error("DATABASE_URL, REQUEST_IDS and NOW are required");
const momo = momoConfigOf(loadConfig(process.env));
if (!momo) throw new Error("The MTN_MOMO_ settings are required");
const database = await openDatabase({ databaseUrl: DATABASE_URL, poolSize: 3 });
const context = {
  db: database.db,
  client: createMomoClient({ config: momo }),
  logger: createLogger("silent"),
};
try {
  const now = new Date(NOW);
  // Connected and holding a token, every process starts at GO_AT: they meet on the same requests.
  await context.client.getStatus(crypto.randomUUID());
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(GO_AT ?? 0) - Date.now())));
  if (POLL === "1") {
    while ((await checkDueMobileMoneyRequests({ ...context, now })) > 0);
  }
  const settle = async (requestId: string) => {
    const status = await context.client.getStatus(requestId);
    if (!status.ok) throw new Error(`MTN did not answer about ${requestId}`);
    return settleMobileMoneyRequest({ ...context, requestId, status, now });
  };
  const states = await Promise.all(
    REQUEST_IDS.split(",").map(async (id) => ({
      id,
      state: (SETTLE === "1"
        ? await settle(id)
        : await checkMobileMoneyRequest({ ...context, requestId: id, now })
      )?.state,
    })),
  );
  process.stdout.write(`${JSON.stringify(states)}\n`);
} finally {
  await database.close();
}
