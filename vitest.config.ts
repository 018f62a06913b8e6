import { sep } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

/**
 * Every Vite dev server a route test opens (tests/setup/vite-app.ts) has React Router regenerate its types: it
 * empties .react-router/types and writes it again, in a promise of its own that nothing awaits. Two test files
 * doing so at once in two workers race on that folder: a write finds its folder removed (ENOENT), or a removal
 * finds files the other just wrote (ENOTEMPTY); each failed a PostgreSQL 15 pass once. No test reads those types,
 * and `npm run typecheck` writes them afresh: a file-system error on a path inside that folder is let go, and
 * only that.
 */
function isTypegenRace(error: unknown): boolean {
  const { syscall, path } = error as { syscall?: unknown; path?: unknown };
  return (
    typeof syscall === "string" && typeof path === "string" && path.includes(`${sep}.react-router${sep}types`)
  );
}

export default defineConfig({
  // The stylesheets pages carry (app/server/platform/page-styles.server.ts) are built as in the app.
  plugins: [tailwindcss()],
  test: {
    css: { include: [/\.css/] },
    onUnhandledError: (error) => (isTypegenRace(error) ? false : undefined),
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/setup/**/*.test.ts",
    ],
    globalSetup: ["./tests/setup/global-setup.ts"],
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Most of a test waits on PostgreSQL or a child process: twice the cores keeps both busy (measured on two
    // cores: 83 s against 101 s with two workers).
    maxWorkers: 4,
    // Test files share the modules of their worker instead of importing the app again each (a third of the run's
    // time went to imports: the whole run took 252 s on two cores before, 101 s after with two workers). Each file
    // still opens its own database, services and servers.
    isolate: false,
  },
});
