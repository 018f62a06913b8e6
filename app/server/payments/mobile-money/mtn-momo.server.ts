/**
 * MTN Mobile Money, the Collections product's 'request to pay' (decision 027), as MTN documents it
 * (https://momodeveloper.mtn.com/api-documentation):
 * - POST {base}/collection/token/ with HTTP Basic auth apiUser:apiKey and Ocp-Apim-Subscription-Key →
 *   { access_token, token_type, expires_in } (seconds). The token is kept until shortly before it expires.
 * - POST {base}/collection/v1_0/requesttopay with Authorization: Bearer, X-Reference-Id (a UUID we choose: our
 *   request's id), X-Target-Environment, X-Callback-Url, Ocp-Apim-Subscription-Key and the body { amount (a
 *   string in major units), currency, externalId, payer: { partyIdType: 'MSISDN', partyId }, payerMessage,
 *   payeeNote } → 202 Accepted, nothing else; the customer approves on their phone.
 * - GET {base}/collection/v1_0/requesttopay/{referenceId} → { amount, currency, financialTransactionId,
 *   externalId, payer, status: PENDING | SUCCESSFUL | FAILED, reason } (404 for a reference MTN never got).
 * - The callback: MTN PUTs (or POSTs) the same body to X-Callback-Url once, never again; it is not signed, so
 *   it is only ever a hint to ask the status (app/routes/resources/webhooks.mtn-momo.ts).
 * Errors carry { code, message }. No secret reaches a log or an error message.
 */
import { formatMinor, minorDigits } from "#app/lib/money.ts";
import type { Config } from "#app/server/platform/config.server.ts";

export type MomoConfig = {
  baseUrl: string;
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  targetEnvironment: string;
  currency: string;
};

type MomoEnv = Pick<
  Config,
  | "MTN_MOMO_BASE_URL"
  | "MTN_MOMO_SUBSCRIPTION_KEY"
  | "MTN_MOMO_API_USER"
  | "MTN_MOMO_API_KEY"
  | "MTN_MOMO_TARGET_ENVIRONMENT"
  | "MTN_MOMO_CURRENCY"
>;

/** The account's settings, or null while any is missing (mobile money is then off). */
export function momoConfigOf(config: MomoEnv): MomoConfig | null {
  const {
    MTN_MOMO_BASE_URL: baseUrl,
    MTN_MOMO_SUBSCRIPTION_KEY: subscriptionKey,
    MTN_MOMO_API_USER: apiUser,
    MTN_MOMO_API_KEY: apiKey,
    MTN_MOMO_TARGET_ENVIRONMENT: targetEnvironment,
    MTN_MOMO_CURRENCY: currency,
  } = config;
  if (!baseUrl || !subscriptionKey || !apiUser || !apiKey || !targetEnvironment || !currency) return null;
  return {
    baseUrl: baseUrl.replace(/\/+$/, ""),
    subscriptionKey,
    apiUser,
    apiKey,
    targetEnvironment,
    currency,
  };
}

export type MomoStatus = {
  status: "PENDING" | "SUCCESSFUL" | "FAILED";
  /** MTN's reason code of a failure (APPROVAL_REJECTED, NOT_ENOUGH_FUNDS…). */
  reason: string | null;
  financialTransactionId: string | null;
  /** What MTN says it charged, in minor units of `currency` (null when it does not say, or not readably). */
  amountMinor: number | null;
  currency: string | null;
};

/** A call that did not get an answer we can act on; `message` is for the customer or the clerk. */
export type MomoFailure = { ok: false; kind: "refused" | "unavailable" | "not-found"; message: string };

export type MomoClient = {
  currency: string;
  requestToPay(input: {
    referenceId: string;
    amountMinor: number;
    currency: string;
    /** E.164 ("+231886000001"): sent without its plus, as MTN's MSISDN. */
    payer: string;
    externalId: string;
    payerMessage: string;
    payeeNote: string;
    callbackUrl: string;
  }): Promise<{ ok: true } | MomoFailure>;
  getStatus(referenceId: string): Promise<({ ok: true } & MomoStatus) | MomoFailure>;
};

export const MOMO_TIMEOUT_MS = 10_000;
/** A token is renewed this long before MTN says it expires. */
const TOKEN_MARGIN_MS = 60_000;

const UNAVAILABLE = "MTN Mobile Money did not answer. Please try again in a few minutes.";

/** Words for MTN's failure reasons, for the customer's page and the clerk. */
const REASON_WORDS: Record<string, string> = {
  APPROVAL_REJECTED: "The payment was declined on the phone.",
  EXPIRED: "The payment was not approved in time.",
  PAYER_DELAYED: "The payment was not approved in time.",
  NOT_ENOUGH_FUNDS: "There is not enough money in the wallet.",
  PAYER_NOT_FOUND: "This number has no MTN Mobile Money wallet.",
  PAYER_LIMIT_REACHED: "The wallet has reached its limit.",
  NOT_ALLOWED: "MTN Mobile Money does not allow this payment.",
  INVALID_CURRENCY: "MTN Mobile Money does not take payments in this currency.",
};

export function reasonWords(reason: string | null): string {
  return (reason && REASON_WORDS[reason]) ?? "MTN Mobile Money could not complete the payment.";
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** MTN's reason, a code string or (older answers) { code, message }. */
function readReason(value: unknown): string | null {
  if (typeof value === "string" && /^[A-Z_]{1,64}$/.test(value)) return value;
  if (isRecord(value) && typeof value.code === "string" && /^[A-Z_]{1,64}$/.test(value.code))
    return value.code;
  return null;
}

/** '25.50' in `currency` → 2550; null for anything else (more decimals than the currency has, too long). */
export function readMajorAmount(value: unknown, currency: string): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value);
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const digits = minorDigits(currency);
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > digits) return null;
  return Number(match[1]! + fraction.padEnd(digits, "0"));
}

/** A status answer (GET requesttopay, or a callback's body) read strictly; null when it is not one. */
export function parseMomoStatus(body: unknown): MomoStatus | null {
  if (!isRecord(body)) return null;
  const status = body.status;
  if (status !== "PENDING" && status !== "SUCCESSFUL" && status !== "FAILED") return null;
  const currency =
    typeof body.currency === "string" && /^[A-Z]{3}$/.test(body.currency) ? body.currency : null;
  const transaction = body.financialTransactionId;
  return {
    status,
    reason: status === "FAILED" ? readReason(body.reason) : null,
    financialTransactionId:
      typeof transaction === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(transaction) ? transaction : null,
    amountMinor: currency ? readMajorAmount(body.amount, currency) : null,
    currency,
  };
}

export function createMomoClient({
  config,
  timeoutMs = MOMO_TIMEOUT_MS,
  fetch: doFetch = fetch,
  now = () => Date.now(),
}: {
  config: MomoConfig;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}): MomoClient {
  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string | MomoFailure> | null = null;
  const basic = `Basic ${Buffer.from(`${config.apiUser}:${config.apiKey}`).toString("base64")}`;

  const call = async (path: string, init: RequestInit): Promise<Response | MomoFailure> => {
    try {
      return await doFetch(`${config.baseUrl}${path}`, {
        ...init,
        headers: {
          "Ocp-Apim-Subscription-Key": config.subscriptionKey,
          accept: "application/json",
          ...init.headers,
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      return { ok: false, kind: "unavailable", message: UNAVAILABLE };
    }
  };

  const fetchToken = async (): Promise<string | MomoFailure> => {
    const response = await call("/collection/token/", { method: "POST", headers: { authorization: basic } });
    if (!(response instanceof Response)) return response;
    const body: unknown = await response.json().catch(() => undefined);
    if (response.status === 200 && isRecord(body) && typeof body.access_token === "string") {
      const seconds = typeof body.expires_in === "number" ? body.expires_in : 3600;
      token = { value: body.access_token, expiresAt: now() + seconds * 1000 - TOKEN_MARGIN_MS };
      return token.value;
    }
    return {
      ok: false,
      kind: "unavailable",
      message:
        response.status === 401
          ? "MTN Mobile Money refused this site's account details. Please tell the company."
          : UNAVAILABLE,
    };
  };

  /** The cached token, or a new one (one request for many callers at once). */
  const bearer = async (): Promise<string | MomoFailure> => {
    if (token && token.expiresAt > now()) return token.value;
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  };

  /** A call with the token; a 401 (a token MTN dropped early) gets one new token and one more try. */
  const authorized = async (path: string, init: RequestInit): Promise<Response | MomoFailure> => {
    for (let attempt = 0; ; attempt++) {
      const value = await bearer();
      if (typeof value !== "string") return value;
      const response = await call(path, {
        ...init,
        headers: {
          ...init.headers,
          authorization: `Bearer ${value}`,
          "X-Target-Environment": config.targetEnvironment,
        },
      });
      if (response instanceof Response && response.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      return response;
    }
  };

  return {
    currency: config.currency,
    async requestToPay(input) {
      const response = await authorized("/collection/v1_0/requesttopay", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "X-Reference-Id": input.referenceId,
          "X-Callback-Url": input.callbackUrl,
        },
        body: JSON.stringify({
          amount: formatMinor(input.amountMinor, input.currency).replaceAll(",", ""),
          currency: input.currency,
          externalId: input.externalId,
          payer: { partyIdType: "MSISDN", partyId: input.payer.replace(/^\+/, "") },
          payerMessage: input.payerMessage,
          payeeNote: input.payeeNote,
        }),
      });
      if (!(response instanceof Response)) return response;
      if (response.status === 202) return { ok: true };
      const body: unknown = await response.json().catch(() => undefined);
      const code = isRecord(body) ? readReason(body.code) : null;
      // 409: MTN has this reference already (our earlier try got through): it is in progress.
      if (response.status === 409) return { ok: true };
      if (response.status >= 500 && code !== "INVALID_CURRENCY" && code !== "PAYER_NOT_FOUND")
        return { ok: false, kind: "unavailable", message: UNAVAILABLE };
      return { ok: false, kind: "refused", message: reasonWords(code) };
    },
    async getStatus(referenceId) {
      const response = await authorized(`/collection/v1_0/requesttopay/${encodeURIComponent(referenceId)}`, {
        method: "GET",
      });
      if (!(response instanceof Response)) return response;
      const body: unknown = await response.json().catch(() => undefined);
      if (response.status === 404)
        return { ok: false, kind: "not-found", message: "MTN Mobile Money does not know this payment." };
      const status = response.status === 200 ? parseMomoStatus(body) : null;
      if (!status) return { ok: false, kind: "unavailable", message: UNAVAILABLE };
      return { ok: true, ...status };
    },
  };
}

export type MobileMoneyAvailability =
  | { available: true; summary: string }
  | { available: false; reason: string };

/** What the settings say about mobile money online: on (in which currency), or off and why. */
export function describeMobileMoney(config: MomoEnv): MobileMoneyAvailability {
  const momo = momoConfigOf(config);
  if (!momo) {
    return {
      available: false,
      reason:
        "Off: the MTN Mobile Money account details are not set on the server (ask whoever runs the server).",
    };
  }
  const test =
    momo.targetEnvironment === "sandbox" ? " This is MTN's test account: no real money moves." : "";
  return {
    available: true,
    summary: `On: customers pay ${momo.currency} invoices from their MTN Mobile Money wallet on the invoice's page.${test}`,
  };
}
