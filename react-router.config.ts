import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // React Router refuses an action whose Origin is not the request's own. Pages that send no referrer (the
  // quote, subscribe and unsubscribe links, whose URLs hold a secret) make the browser post their own forms
  // with 'Origin: null'. The HTTP shell's guard (server/write-guard.ts, isCrossOriginWrite) runs first and
  // lets such a post through only when Sec-Fetch-Site, which no page can set, says same-origin.
  allowedActionOrigins: ["null"],
} satisfies Config;
