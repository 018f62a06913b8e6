/**
 * A local stand-in for Twilio's Messages API, answering as Twilio documents it, so the adapter is tested
 * against the protocol rather than against itself.
 *
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic auth AccountSid:AuthToken, form fields To,
 * From or MessagingServiceSid, Body or ContentSid (+ ContentVariables, a JSON object of strings), optional
 * StatusCallback; WhatsApp addresses read "whatsapp:+…" on both sides.
 *   https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource
 * Success: 201 with the Message resource ("queued"; "accepted" when a Messaging Service picks the sender).
 * Errors: { code, message, more_info, status } with the documented codes:
 *   20003 401 authentication, 20404 404 unknown resource, 20429 429 too many requests,
 *   21211 invalid To, 21602 no body, 21603 no From, 21604 no To, 21610 unsubscribed recipient,
 *   21617 body over 1600 characters, 21655 invalid ContentSid, 21656 invalid ContentVariables,
 *   21910 From and To on different channels. https://www.twilio.com/docs/api/errors
 */
import { type FakeAnswer, json, randomHex, startFakeServer } from "./http.ts";

export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;

export async function startFakeTwilio({ accountSid, authToken }: { accountSid: string; authToken: string }) {
  /** Recipients (E.164) who replied STOP: Twilio refuses to message them with 21610. */
  const optedOut = new Set<string>();
  /** Answers to give, in order, to the next authenticated requests (rate limits, outages). */
  const scripted: Array<FakeAnswer | "hang"> = [];
  const error = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
    json(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, headers);

  const server = await startFakeServer((request) => {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.path);
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    if (request.headers.authorization !== expected) {
      return error(401, 20003, "Authenticate", { "www-authenticate": 'Basic realm="Twilio API"' });
    }
    if (!match || request.method !== "POST" || decodeURIComponent(match[1] ?? "") !== accountSid) {
      return error(404, 20404, `The requested resource ${request.path} was not found`);
    }
    const next = scripted.shift();
    if (next) return next;
    if (!String(request.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
      return error(400, 21602, "Message body is required.");
    }
    const form = request.form;
    const to = form.get("To");
    const from = form.get("From");
    const service = form.get("MessagingServiceSid");
    const body = form.get("Body");
    const contentSid = form.get("ContentSid");
    if (!to) return error(400, 21604, "A 'To' phone number is required.");
    if (!from && !service) return error(400, 21603, "A 'From' phone number is required.");
    if (!body && !contentSid && !form.get("MediaUrl")) return error(400, 21602, "Message body is required.");
    const toNumber = to.replace(/^whatsapp:/, "");
    if (!/^\+[1-9]\d{6,14}$/.test(toNumber)) {
      return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    if (from && from.startsWith("whatsapp:") !== to.startsWith("whatsapp:")) {
      return error(400, 21910, "Invalid 'From' and 'To' pair. 'From' and 'To' should be of the same channel");
    }
    if (body && body.length > 1600) {
      return error(400, 21617, "The concatenated message body exceeds the 1600 character limit.");
    }
    if (contentSid !== null) {
      if (!/^HX[0-9a-f]{32}$/.test(contentSid)) return error(400, 21655, "The ContentSid is Invalid.");
      const variables = form.get("ContentVariables");
      if (variables !== null && !isStringRecord(variables)) {
        return error(400, 21656, "The ContentVariables Parameter is invalid.");
      }
    }
    if (optedOut.has(toNumber)) return error(400, 21610, "Attempt to send to unsubscribed recipient");
    const sid = `SM${randomHex(32)}`;
    return json(201, {
      account_sid: accountSid,
      api_version: "2010-04-01",
      body: body ?? "",
      date_created: new Date().toUTCString().replace("GMT", "+0000"),
      date_sent: null,
      date_updated: new Date().toUTCString().replace("GMT", "+0000"),
      direction: "outbound-api",
      error_code: null,
      error_message: null,
      from: from ?? null,
      messaging_service_sid: service ?? null,
      num_media: "0",
      num_segments: "1",
      price: null,
      price_unit: null,
      sid,
      status: from ? "queued" : "accepted",
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
      to,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
  });

  return {
    ...server,
    optedOut,
    /** Answer the next request with HTTP 429, error 20429 (Retry-After only when given). */
    rateLimitNext(retryAfterSeconds?: number) {
      const headers: Record<string, string> =
        retryAfterSeconds === undefined ? {} : { "retry-after": String(retryAfterSeconds) };
      scripted.push(error(429, 20429, "Too Many Requests", headers));
    },
    /** Answer the next request with a server error. */
    failNext(status = 500) {
      scripted.push(error(status, 20500, "An internal server error has occurred"));
    },
    /** Never answer the next request (a timeout). */
    hangNext() {
      scripted.push("hang");
    },
  };
}

function isStringRecord(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return (
      typeof parsed === "object" &&
      parsed !== null &&
      !Array.isArray(parsed) &&
      Object.values(parsed).every((v) => typeof v === "string")
    );
  } catch {
    return false;
  }
}
