// `npm run test:resilience` (vitest run --config tests/resilience/vitest.config.ts, from the repository's
// root): durability and recovery of the real app processes against the build (made first if it is not
// current). One file per scenario group; run one file by naming it, one scenario with `-t <part of its name>`.
//
// The files run in three groups, one after the other, each in the order of FILE_ORDER. Measured on two
// shared cores, CPU-heavy files side by side slowed each other up to 3×: SIGTERM's "exit within 5 s" came
// within 2 s of failing, and the cluster's rolling restart beside the SIGKILL rounds missed its 20 s. So:
// 1. Two at a time: 'a server that cannot start', which spends most of its time waiting for the app's own retry
//    with little to do, and beside it the SIGKILL rounds (busy, but no timed checks).
// 2. One at a time, the scenarios whose checks are timed: the cluster (workers replaced within 15 s, the
//    rolling restart within 20 s), exit within 5 s, 503s within the database timeout, recovery within 10
//    or 20 s.
// 3. The bounded load alone: its 50 users take the CPUs.
import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const root = path.resolve(import.meta.dirname, "../..");
const FILE_ORDER = [
  "server-cannot-start",
  "sigkill",
  "cluster",
  "sigterm-and-server-kill",
  "database-url-outage",
  "bounded-load",
];

class InFileOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) =>
      FILE_ORDER.findIndex((name) => file.moduleId.endsWith(`/${name}.test.ts`));
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

const group = (order: number, name: string, files: string[], maxWorkers: number) => ({
  test: {
    name,
    root,
    include: files.map((file) => `tests/resilience/${file}.test.ts`),
    globalSetup: ["tests/resilience/global-setup.ts"],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: "forks" as const,
    maxWorkers,
    sequence: { groupOrder: order },
  },
});

export default defineConfig({
  test: {
    sequence: { sequencer: InFileOrder },
    projects: [
      group(0, "two at a time", FILE_ORDER.slice(0, 2), 2),
      group(1, "timed, one at a time", FILE_ORDER.slice(2, 5), 1),
      group(2, "bounded load alone", FILE_ORDER.slice(5), 1),
    ],
  },
});
