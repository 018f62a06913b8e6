/**
 * A local stand-in for Africa's Talking's SMS API, answering as it is documented and as the official SDK
 * expects, so the adapter is tested against the protocol rather than against itself.
 *
 * POST /version1/messaging, header apiKey (the app's API key), Accept: application/json (XML otherwise), form
 * fields username, to (comma-separated E.164 numbers), message, from (a registered sender id), bulkSMSMode.
 *   http://docs.africastalking.com/sms/sending/nodejs
 * A taken request: 201 { SMSMessageData: { Message: "Sent to 1/1 Total Cost: …", Recipients: [{ statusCode,
 * number, status, cost, messageId }] } }, statusCode per https://developers.africastalking.com/docs/sms/sending/bulk
 * (101 Sent; 403 InvalidPhoneNumber; 405 InsufficientBalance; 406 UserInBlacklist…). An unregistered sender id:
 * Message "InvalidSenderId" and no recipients. Bad credentials: 401 "The supplied authentication is invalid".
 * Rate limits are not documented; `rateLimitNext` answers 429 as an HTTP server commonly does.
 */
import { type FakeAnswer, json, randomHex, startFakeServer, text } from "./http.ts";

export type FakeAfricasTalking = Awaited<ReturnType<typeof startFakeAfricasTalking>>;

export async function startFakeAfricasTalking({
  username,
  apiKey,
  senderIds = ["UNITRANS"],
}: {
  username: string;
  apiKey: string;
  senderIds?: string[];
}) {
  /** The recipient statusCode to answer for a number (default 101 Sent). */
  const recipientStatus = new Map<string, number>();
  const scripted: Array<FakeAnswer | "hang"> = [];
  const names: Record<number, string> = {
    101: "Success",
    102: "Queued",
    401: "RiskHold",
    402: "InvalidSenderId",
    403: "InvalidPhoneNumber",
    404: "UnsupportedNumberType",
    405: "InsufficientBalance",
    406: "UserInBlacklist",
    407: "CouldNotRoute",
    409: "DoNotDisturbRejection",
    500: "InternalServerError",
    501: "GatewayError",
    502: "RejectedByGateway",
  };

  const server = await startFakeServer((request) => {
    if (request.path !== "/version1/messaging" || request.method !== "POST") return text(404, "Not Found");
    const form = request.form;
    if (request.headers.apikey !== apiKey || form.get("username") !== username) {
      return text(401, "The supplied authentication is invalid");
    }
    const next = scripted.shift();
    if (next) return next;
    for (const field of ["username", "to", "message"]) {
      if (!form.get(field)) return text(400, `Request is missing required form field '${field}'`);
    }
    const from = form.get("from");
    const numbers = (form.get("to") ?? "").split(",").map((n) => n.trim());
    let data: { Message: string; Recipients: unknown[] };
    if (from && !senderIds.includes(from)) {
      data = { Message: "InvalidSenderId", Recipients: [] };
    } else {
      const recipients = numbers.map((number) => {
        const statusCode = /^\+[1-9]\d{6,14}$/.test(number) ? (recipientStatus.get(number) ?? 101) : 403;
        const taken = statusCode < 200;
        return {
          statusCode,
          number,
          status: names[statusCode] ?? "Failed",
          cost: taken ? "USD 0.0300" : "0",
          messageId: taken ? `ATXid_${randomHex(32)}` : "None",
        };
      });
      const sent = recipients.filter((r) => r.statusCode < 200).length;
      data = {
        Message: `Sent to ${sent}/${numbers.length} Total Cost: USD ${(sent * 0.03).toFixed(4)}`,
        Recipients: recipients,
      };
    }
    if (request.headers.accept !== "application/json") {
      return {
        status: 201,
        headers: { "content-type": "application/xml" },
        body: `<?xml version="1.0" encoding="UTF-8"?><AfricasTalkingResponse><SMSMessageData><Message>${data.Message}</Message></SMSMessageData></AfricasTalkingResponse>`,
      };
    }
    return json(201, { SMSMessageData: data });
  });

  return {
    ...server,
    recipientStatus,
    rateLimitNext(retryAfterSeconds?: number) {
      const headers: Record<string, string> =
        retryAfterSeconds === undefined ? {} : { "retry-after": String(retryAfterSeconds) };
      scripted.push(text(429, "Too Many Requests", headers));
    },
    failNext(status = 500) {
      scripted.push(text(status, "Internal Server Error"));
    },
    hangNext() {
      scripted.push("hang");
    },
  };
}
