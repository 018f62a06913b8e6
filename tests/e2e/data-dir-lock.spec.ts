import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { startApp } from "../../scripts/lib/app-process.ts";
import { expect, test } from "./fixtures.ts";

test("a second process on the same embedded database is refused, and the data stays intact", async () => {
  test.setTimeout(90_000);
  const first = await startApp();
  try {
    const second = spawnSync(process.execPath, ["server.ts"], {
      env: { ...process.env, NODE_ENV: "production", DATA_DIR: first.dataDir, PORT: "0", HOST: "127.0.0.1" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain("is in use by another process");
    const page = await fetch(`${first.url}/track/UTG-1234-5678`);
    expect(page.status).toBeLessThan(500);
  } finally {
    expect(await first.stop()).toBe(0);
  }
  const again = await startApp({ dataDir: first.dataDir });
  try {
    const home = await fetch(again.url);
    expect(home.status).toBe(200);
    const readiness = await fetch(`${again.url}/readyz`);
    expect(await readiness.text()).toBe("ready");
  } finally {
    await again.stop();
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
});
