import { createContext } from "react-router";
import type { RateLimitResult } from "#app/server/platform/rate-limit.server.ts";
import type { Services } from "#app/server/services.server.ts";

type RequestInfo = {
  /** Per-request nonce for the Content-Security-Policy's inline scripts. */
  nonce: string;
  requestId: string;
  clientIp: string;
  /** Whether the client takes gzip (Express's reading of Accept-Encoding): kept pages are answered compressed. */
  acceptsGzip?: boolean;
  /** A tracking page's lookup, when the HTTP shell counted it before looking in the tracking page cache. */
  trackingLookup?: RateLimitResult;
};

/** The long-lived services (database, configuration, logger) handed to every loader and action. */
export const servicesContext = createContext<Services>();
export const requestContext = createContext<RequestInfo>();
