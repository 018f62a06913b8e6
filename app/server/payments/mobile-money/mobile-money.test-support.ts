import { startMobileMoneyPayment } from "#app/server/payments/mobile-money/mobile-money.server.ts";
import type { Services } from "#app/server/services.server.ts";

// Tests' fixture: a mobile-money request started through the app's own services (their MTN client points at
// the stand-in), its id; MTN's callback goes to `callbackUrl` (by default nowhere: the test asks the status).

export async function startedRequest({
  services,
  invoiceId,
  payer,
  amountMinor,
  callbackUrl = () => "http://127.0.0.1:9/never",
  now,
}: {
  services: Pick<Services, "db" | "logger" | "mobileMoney">;
  invoiceId: string;
  payer: string;
  amountMinor: number;
  callbackUrl?: (requestId: string) => string;
  /** When it was made (by default now). */
  now?: Date;
}): Promise<string> {
  const started = await startMobileMoneyPayment({
    db: services.db,
    client: services.mobileMoney.client!,
    logger: services.logger,
    invoiceId,
    payer,
    amountMinor,
    callbackUrl,
    now,
  });
  if (!started.ok) throw new Error(started.message);
  return started.requestId;
}
