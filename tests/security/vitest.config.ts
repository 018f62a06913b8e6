// `npm run test:security` (`vitest run --config tests/security/vitest.config.ts`): hostile input and
// authentication attacks against the real app, built if needed and started once by the global setup.
//
// The files run one at a time, in the fixed order below, on one app and its one database: most checks prove
// that the whole database is unchanged (a fingerprint of every table) or count its sessions, so a file writing
// records at the same time would fail them; the brute-force file locks the admin's logins, so the files that
// sign in run before it; and a stalled connection would slow every file after it.
import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const ORDER = [
  "client",
  "setup",
  "public-forms",
  "provider-callbacks",
  "mobile-money-callback",
  "tracking-route",
  "tracking-details",
  "admin-actions",
  "account-actions",
  "query-strings",
  "stored-xss",
  "media-uploads",
  "delivery-uploads",
  "csrf",
  "admin-sessions",
  "open-redirect",
  "rate-limits",
  "login-brute-force",
  "import-uploads",
  "exports",
  "methods-and-headers",
  "rest-stylesheet",
  "updates-and-token-links",
  "app-log",
  "stalled-connection",
];

class FixedOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const name = path.basename(file.moduleId, ".test.ts");
      const index = ORDER.indexOf(name);
      if (index < 0)
        throw new Error(`${name}.test.ts has no place in ORDER of tests/security/vitest.config.ts`);
      return index;
    };
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  root: path.resolve(import.meta.dirname, "../.."),
  test: {
    include: ["tests/security/**/*.test.ts"],
    globalSetup: ["tests/security/global-setup.ts"],
    fileParallelism: false,
    // One worker for all files, its modules loaded once (each file makes its own client and store).
    isolate: false,
    sequence: { sequencer: FixedOrder },
    // A check group sends thousands of requests (the admin corpus took minutes on a busy machine).
    testTimeout: 900_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
