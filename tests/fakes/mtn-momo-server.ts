/**
 * A local stand-in for MTN Mobile Money's Collections API (decision 027), answering as MTN documents it
 * (https://momodeveloper.mtn.com/api-documentation), so the client, the callback route and the poller are tested
 * against the protocol rather than against themselves:
 * - POST /collection/token/ (Basic apiUser:apiKey, Ocp-Apim-Subscription-Key) → 200 { access_token, token_type:
 *   'access_token', expires_in: 3600 }; wrong credentials 401.
 * - POST /collection/v1_0/requesttopay (Bearer, X-Reference-Id a UUID, X-Target-Environment, X-Callback-Url,
 *   body { amount, currency, externalId, payer: { partyIdType: 'MSISDN', partyId }, payerMessage, payeeNote })
 *   → 202; the same X-Reference-Id again 409 RESOURCE_ALREADY_EXIST; a bad body 400; another currency than the
 *   account's 500 INVALID_CURRENCY, as the sandbox does.
 * - GET /collection/v1_0/requesttopay/{referenceId} → 200 with the request, its status, financialTransactionId
 *   when SUCCESSFUL and reason when FAILED; unknown 404 RESOURCE_NOT_FOUND.
 * - The callback: the same body, PUT to X-Callback-Url (once; MTN never retries it).
 *
 * What happens depends on the payer's number (MOMO_PAYERS): approved, refused, left pending for ever (the
 * customer never answers), approved without a callback, approved with the callback sent twice. Any other number
 * is approved. Runnable for development: `node tests/fakes/mtn-momo-server.ts` prints the variables to set.
 */
import { randomUUID } from "node:crypto";
import { type FakeAnswer, json, randomHex, startFakeServer } from "./http.ts";

/** Liberian MTN numbers (E.164) and what the stand-in does with a request to each. */
export const MOMO_PAYERS = {
  approves: "+231886000001",
  refuses: "+231886000002",
  neverAnswers: "+231886000003",
  approvesWithoutCallback: "+231886000004",
  approvesCallingBackTwice: "+231886000005",
  hasNoMoney: "+231886000006",
} as const;

type Scenario = keyof typeof MOMO_PAYERS;

export const MOMO_STAND_IN_ACCOUNT = {
  subscriptionKey: "stand-in-subscription-key",
  apiUser: "6f0a1c52-2f6c-4c1b-9a53-6a1f0c9e0b11",
  apiKey: "stand-in-api-key",
  targetEnvironment: "sandbox",
};

type StoredRequest = {
  referenceId: string;
  body: Record<string, unknown>;
  /** The answer the customer gives on their phone, PENDING until `answeredAt`. */
  status: "PENDING" | "SUCCESSFUL" | "FAILED";
  answeredAt: number;
  reason?: string;
  financialTransactionId?: string;
};

export type MomoStandIn = Awaited<ReturnType<typeof startMomoStandIn>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function startMomoStandIn({
  currency = "USD",
  callbackDelayMs = 0,
}: {
  /** The currency the account charges in (the sandbox: EUR). */
  currency?: string;
  /** How long after the request the customer answers on their phone (the status, and the callback). */
  callbackDelayMs?: number;
} = {}) {
  const account = MOMO_STAND_IN_ACCOUNT;
  const tokens = new Set<string>();
  const stored = new Map<string, StoredRequest>();
  /** Callbacks sent: where, and the answer's status (0: no answer). */
  const callbacks: { url: string; referenceId: string; status: number }[] = [];
  const inFlight = new Set<Promise<void>>();
  const error = (status: number, code: string, message: string) => json(status, { code, message });
  const scenarioOf = (partyId: string): Scenario | undefined =>
    (Object.keys(MOMO_PAYERS) as Scenario[]).find((key) => MOMO_PAYERS[key] === `+${partyId}`);

  const view = (request: StoredRequest) =>
    Date.now() < request.answeredAt
      ? { ...request.body, status: "PENDING" }
      : {
          ...request.body,
          ...(request.financialTransactionId
            ? { financialTransactionId: request.financialTransactionId }
            : {}),
          status: request.status,
          ...(request.reason ? { reason: request.reason } : {}),
        };

  const sendCallback = (url: string, request: StoredRequest) => {
    const sending = (async () => {
      if (callbackDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, callbackDelayMs));
      let status = 0;
      try {
        const response = await fetch(url, {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(view(request)),
          signal: AbortSignal.timeout(10_000),
        });
        status = response.status;
        await response.body?.cancel();
      } catch {
        status = 0;
      }
      callbacks.push({ url, referenceId: request.referenceId, status });
    })();
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  };

  const server = await startFakeServer((request): FakeAnswer => {
    if (request.headers["ocp-apim-subscription-key"] !== account.subscriptionKey) {
      return error(401, "401", "Access denied due to invalid subscription key.");
    }
    if (request.method === "POST" && request.path === "/collection/token/") {
      const basic = `Basic ${Buffer.from(`${account.apiUser}:${account.apiKey}`).toString("base64")}`;
      if (request.headers.authorization !== basic) return json(401, { error: "login_failed" });
      const token = randomHex(48);
      tokens.add(token);
      return json(200, { access_token: token, token_type: "access_token", expires_in: 3600 });
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!bearer || !tokens.has(bearer)) return error(401, "401", "Access denied due to invalid token.");
    if (request.headers["x-target-environment"] !== account.targetEnvironment) {
      return error(500, "NOT_ALLOWED_TARGET_ENVIRONMENT", "Access to target environment is forbidden.");
    }
    if (request.method === "POST" && request.path === "/collection/v1_0/requesttopay") {
      const referenceId = String(request.headers["x-reference-id"] ?? "");
      if (!UUID.test(referenceId)) return error(400, "INVALID_REFERENCE_ID", "X-Reference-Id is not a UUID.");
      if (stored.has(referenceId)) {
        return error(409, "RESOURCE_ALREADY_EXIST", "Duplicated reference id. Creation of resource failed.");
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(request.body);
      } catch {
        return error(400, "BAD_REQUEST", "The body is not JSON.");
      }
      const payer = body.payer as { partyIdType?: unknown; partyId?: unknown } | undefined;
      if (
        typeof body.amount !== "string" ||
        !/^\d+(\.\d+)?$/.test(body.amount) ||
        typeof body.currency !== "string" ||
        payer?.partyIdType !== "MSISDN" ||
        typeof payer.partyId !== "string" ||
        !/^\d{8,15}$/.test(payer.partyId)
      ) {
        return error(400, "BAD_REQUEST", "The request to pay is not valid.");
      }
      if (body.currency !== currency) return error(500, "INVALID_CURRENCY", "Currency not supported.");
      const scenario = scenarioOf(payer.partyId);
      const entry: StoredRequest = {
        referenceId,
        body,
        status: "SUCCESSFUL",
        answeredAt: Date.now() + callbackDelayMs,
      };
      if (scenario === "refuses") Object.assign(entry, { status: "FAILED", reason: "APPROVAL_REJECTED" });
      else if (scenario === "hasNoMoney")
        Object.assign(entry, { status: "FAILED", reason: "NOT_ENOUGH_FUNDS" });
      else if (scenario === "neverAnswers") entry.status = "PENDING";
      else entry.financialTransactionId = String(Math.floor(Math.random() * 1e9));
      stored.set(referenceId, entry);
      const callbackUrl = request.headers["x-callback-url"];
      if (typeof callbackUrl === "string" && /^https?:\/\//.test(callbackUrl)) {
        if (scenario !== "neverAnswers" && scenario !== "approvesWithoutCallback") {
          sendCallback(callbackUrl, entry);
          if (scenario === "approvesCallingBackTwice") sendCallback(callbackUrl, entry);
        }
      }
      return { status: 202, body: "" };
    }
    const status = /^\/collection\/v1_0\/requesttopay\/([^/?]+)$/.exec(request.path);
    if (request.method === "GET" && status) {
      const entry = stored.get(decodeURIComponent(status[1]!));
      if (!entry) return error(404, "RESOURCE_NOT_FOUND", "Requested resource was not found.");
      return json(200, view(entry));
    }
    return error(404, "RESOURCE_NOT_FOUND", "Requested resource was not found.");
  });

  return {
    url: server.url,
    requests: server.requests,
    callbacks,
    /** The requests to pay MTN received, by reference. */
    stored,
    /** How often the app asked the status of one request (GET requesttopay/{referenceId}). */
    statusAsks: (referenceId: string) =>
      server.requests.filter(
        (r) => r.method === "GET" && r.path === `/collection/v1_0/requesttopay/${referenceId}`,
      ).length,
    /**
     * The customer approves on their phone late (a request left pending, e.g. after they cancelled it on the
     * page): its status becomes SUCCESSFUL, without a callback.
     */
    approveLate(referenceId: string) {
      const entry = stored.get(referenceId);
      if (!entry) throw new Error(`the stand-in never received ${referenceId}`);
      Object.assign(entry, {
        status: "SUCCESSFUL",
        answeredAt: Date.now(),
        financialTransactionId: String(Math.floor(Math.random() * 1e9)),
      });
    },
    /** What the app sent in a request to pay (its body), as MTN received it; undefined for one never received. */
    received: (referenceId: string) => stored.get(referenceId)?.body,
    /** The environment that points the app at this stand-in. */
    env: (overrides: Record<string, string> = {}) => ({
      MTN_MOMO_BASE_URL: server.url,
      MTN_MOMO_SUBSCRIPTION_KEY: account.subscriptionKey,
      MTN_MOMO_API_USER: account.apiUser,
      MTN_MOMO_API_KEY: account.apiKey,
      MTN_MOMO_TARGET_ENVIRONMENT: account.targetEnvironment,
      MTN_MOMO_CURRENCY: currency,
      ...overrides,
    }),
    /** Waits for the callbacks on their way. */
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close: async () => {
      await Promise.all([...inFlight]);
      await server.close();
    },
  };
}

/** A reference MTN never issued, for forged callbacks. */
export const unknownReference = () => randomUUID();

if (import.meta.main) {
  const standIn = await startMomoStandIn({
    currency: process.env.MTN_MOMO_CURRENCY ?? "USD",
    callbackDelayMs: 3000,
  });
  const lines = Object.entries(standIn.env()).map(([key, value]) => `${key}=${value}`);
  process.stdout.write(
    `MTN Mobile Money stand-in listening. Start the app with:\n${lines.join("\n")}\nWallet numbers: ${JSON.stringify(MOMO_PAYERS, null, 2)}\n`,
  );
}
