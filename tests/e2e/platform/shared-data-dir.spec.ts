import fs from "node:fs";
import path from "node:path";
import { isProcessAlive } from "#app/server/db/processes.server.ts";
import { startApp } from "../../../scripts/lib/app-process.ts";
import { expect, test } from "../support/fixtures.ts";

const postmasterPid = (dataDir: string) =>
  Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);

test("two app processes on one DATA_DIR share its database server; it stops when the last one does", async () => {
  test.setTimeout(120_000);
  const first = await startApp();
  const second = await startApp({ dataDir: first.dataDir });
  const server = postmasterPid(first.dataDir);
  try {
    for (const app of [first, second]) {
      expect((await fetch(`${app.url}/track/UTG-1234-5678`)).status).toBe(200);
      expect(await (await fetch(`${app.url}/readyz`)).text()).toBe("ready");
    }
    // A stops; B keeps serving on the same server.
    expect(await first.stop()).toBe(0);
    expect(isProcessAlive(server)).toBe(true);
    expect((await fetch(`${second.url}/track/UTG-1234-5678`)).status).toBe(200);
    expect(await (await fetch(`${second.url}/readyz`)).text()).toBe("ready");
  } finally {
    await first.stop();
    expect(await second.stop()).toBe(0);
  }
  // The last app out stopped the server; a new start finds the data as it was.
  expect(isProcessAlive(server)).toBe(false);
  const again = await startApp({ dataDir: first.dataDir });
  try {
    expect((await fetch(`${again.url}/track/UTG-1234-5678`)).status).toBe(200);
    expect(await (await fetch(`${again.url}/readyz`)).text()).toBe("ready");
  } finally {
    await again.stop();
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
});
