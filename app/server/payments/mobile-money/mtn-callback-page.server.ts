import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { readCallbackJson } from "#app/server/messaging/callbacks.server.ts";
import {
  checkMobileMoneyRequest,
  getMobileMoneyRequest,
} from "#app/server/payments/mobile-money/mobile-money.server.ts";
import { parseMomoStatus } from "#app/server/payments/mobile-money/mtn-momo.server.ts";
import { limitClientLookups } from "#app/server/platform/rate-limit.server.ts";

/**
 * MTN Mobile Money's callback (decision 027): `/webhooks/mtn-momo/callback?request=<id>`, the X-Callback-Url of
 * every request to pay, PUT (or POST) once with the request's status. MTN does not sign it, so it is only a
 * hint: the request is looked up by its id (our X-Reference-Id) and its status asked of MTN before anything is
 * recorded; a forged callback changes nothing. Answered at once; a body that is not a status 400, never 500.
 * Each client address is rate limited, and MTN is asked about a request at most once an interval however many
 * callbacks arrive (checkMobileMoneyRequest): a flood of them cannot spend the merchant's API quota.
 */
const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function mtnCallbackAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const { db, logger, mobileMoney, config } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const limit = await limitClientLookups({ db, config, clientIp, kind: "mtn-callback" });
  if (!limit.allowed) {
    return new Response("Too many requests.", {
      status: 429,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Retry-After": String(limit.retryAfterSeconds),
      },
    });
  }
  if (!mobileMoney.client) return plain(404, "Mobile money is not configured on this site.");
  const read = await readCallbackJson(request);
  if (!read.ok) return read.response;
  const status = parseMomoStatus(read.body);
  const id = [
    new URL(request.url).searchParams.get("request"),
    request.headers.get("x-reference-id"),
    read.body.referenceId,
    read.body.externalId,
  ].find((value): value is string => typeof value === "string" && isUuid(value));
  if (!status || !id) return plain(400, "Not a request-to-pay callback.");
  const known = await getMobileMoneyRequest({ db, id });
  if (!known) return plain(404, "Unknown payment.");
  // MTN calls back with a final status; 'still pending' tells nothing worth asking MTN about.
  if (status.status === "PENDING") return plain(200, "OK");
  try {
    await checkMobileMoneyRequest({ db, client: mobileMoney.client, logger, requestId: id });
  } catch (error) {
    // The poller asks again; MTN never resends, so its answer does not matter.
    logger.warn({ err: error, requestId: id }, "A mobile-money callback could not be acted on");
  }
  return plain(200, "OK");
}
