import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The stylesheets pages carry (app/server/platform/page-styles.server.ts) are built as in the app.
  plugins: [tailwindcss()],
  test: {
    css: { include: [/\.css/] },
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
