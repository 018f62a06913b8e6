import type express from "express";
import { IMPORT_MAX_MB } from "#app/lib/shipment-import.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import { isCrossOriginWrite } from "./security.ts";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * An answer sent before its request's body was read (a redirect to the login page, a refusal, a 405)
 * leaves the rest of that body unread: drain it, or the next request on the connection would wait.
 */
export const drainUnreadBody: express.RequestHandler = (req, res, next) => {
  res.once("finish", () => {
    if (req.complete) return;
    req.removeAllListeners("data");
    req.resume();
  });
  next();
};

/**
 * Refuses a state-changing request before any route sees it: one from another site (403), one whose body
 * does not declare its length (411), one larger than BODY_LIMIT_KB (413; media uploads may be as large as
 * MEDIA_MAX_MB, a spreadsheet to import IMPORT_MAX_MB).
 */
const DELIVERY_PATH = /^\/admin\/shipments\/[0-9a-f-]{36}\/deliver(\/photos)?$/i;

/** The larger body a POST to an upload's path may have, in KB (0: the ordinary limit). */
function uploadLimitKb(path: string, mediaMaxMb: number): number {
  if (path === "/admin/media") return (mediaMaxMb + 1) * 1024;
  // A spreadsheet to import shipments (decision 020): at most IMPORT_MAX_MB, plus the form's few bytes.
  if (path === "/admin/shipments/import") return (IMPORT_MAX_MB + 1) * 1024;
  const delivery = DELIVERY_PATH.exec(path);
  if (!delivery) return 0;
  return delivery[1] ? (mediaMaxMb + 1) * 1024 : (3 * mediaMaxMb + 2) * 1024;
}

export function writeGuard(
  config: Pick<Config, "siteUrl" | "BODY_LIMIT_KB" | "MEDIA_MAX_MB">,
): express.RequestHandler {
  return (req, res, next) => {
    if (!WRITE_METHODS.has(req.method)) return next();
    // An unsubscribe link's one-click POST (RFC 8058, decision 013) comes from the mail service's own server,
    // which sends no Origin, Sec-Fetch-Site or Referer: it passes like any non-browser client. A browser's
    // cross-site POST to it is refused like every other one.
    if (
      isCrossOriginWrite({
        headers: req.headers,
        host: req.get("host"),
        protocol: req.protocol,
        siteUrl: config.siteUrl,
      })
    ) {
      res.status(403).type("text/plain").send("Cross-origin requests are not allowed.");
      return;
    }
    // A body must declare its length, so the limit below holds for every request (browsers always do).
    if (req.get("transfer-encoding") && !req.get("content-length")) {
      res.status(411).type("text/plain").send("The request must declare its length.");
      return;
    }
    const length = Number(req.get("content-length") ?? 0);
    // Media uploads (one image per request, plus the form's few bytes) may be larger than other bodies; so may a
    // delivery's photo, and the 'Record delivery' form sent without JavaScript (3 photos and a signature).
    const uploadLimit = req.method === "POST" ? uploadLimitKb(req.path, config.MEDIA_MAX_MB) : 0;
    if (length > Math.max(config.BODY_LIMIT_KB, uploadLimit) * 1024) {
      res.status(413).type("text/plain").send("The request is too large.");
      return;
    }
    next();
  };
}
