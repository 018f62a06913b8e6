import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./lock.server.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("lockDataDir", () => {
  it("refuses a second holder while the first is alive, and frees the folder on release", async () => {
    const dir = tempDir();
    // Another live process holds the lock.
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"]);
    try {
      fs.writeFileSync(path.join(dir, "app.lock"), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another process/);
    } finally {
      other.kill();
    }
    await new Promise((resolve) => other.once("exit", resolve));
    // The holder died: its stale lock is taken over.
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "app.lock"), "utf8")).toMatch(new RegExp(`^${process.pid}\\b`));
    // The same process cannot open the folder twice either.
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    expect(fs.existsSync(path.join(dir, "app.lock"))).toBe(false);
  });

  it("takes over a lock whose pid now belongs to a different process", () => {
    const dir = tempDir();
    // pid 1 exists, but it did not start at the recorded time.
    fs.writeFileSync(path.join(dir, "app.lock"), "1 0");
    const release = lockDataDir(dir);
    release();
  });

  it("takes over a lock left by this very pid in an earlier life (container restart)", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "app.lock"), `${process.pid} 0`);
    lockDataDir(dir)();
  });
});
