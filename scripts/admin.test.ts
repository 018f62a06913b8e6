import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "#app/server/auth/passwords.server.ts";
import { openDatabase } from "#app/server/db/client.server.ts";
import { isProcessAlive } from "#app/server/db/processes.server.ts";
import { findAdminByEmail } from "#app/server/staff/staff-accounts.server.ts";
import { makeTempParent, runScript } from "#tests/setup/cli.ts";

// `npm run admin` as a person runs it: a real process on its own embedded database, the password on stdin.
let dataDir: string;
beforeAll(() => {
  dataDir = path.join(makeTempParent("admin-cli-"), "data");
});
afterAll(() => {
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

function runAdmin(args: string[], stdin = "") {
  return runScript({ script: "scripts/admin.ts", args, dataDir, env: { SEED_DEMO: "false" }, stdin });
}

async function storedHash(email: string): Promise<string | undefined> {
  const database = await openDatabase({ dataDir });
  try {
    return (await findAdminByEmail({ db: database.db, email }))?.passwordHash;
  } finally {
    await database.close();
  }
}

describe("npm run admin", () => {
  it("create: makes an account with the password read from standard input", {
    timeout: 180_000,
  }, async () => {
    const run = await runAdmin(
      ["create", "--email", "Ops@Example.com", "--name", "Ops Desk"],
      "a sturdy cli passphrase\n",
    );
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("Created the admin account Ops@Example.com (Administrator).");
    expect(run.code).toBe(0);
    const hash = await storedHash("ops@example.com");
    expect(hash).toMatch(/^\$argon2id\$/);
    expect((await verifyPassword({ stored: hash!, password: "a sturdy cli passphrase" })).valid).toBe(true);
  });

  it("create: refuses a taken address, a weak password and a password on the command line", {
    timeout: 180_000,
  }, async () => {
    const taken = await runAdmin(["create", "--email", "ops@example.com"], "another sturdy passphrase\n");
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain("already exists");

    const weak = await runAdmin(["create", "--email", "weak@example.com"], "password1234\n");
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain("This password is too common.");

    const short = await runAdmin(["create", "--email", "short@example.com"], "short\n");
    expect(short.stderr).toContain("The password must be at least 12 characters.");

    const onCommandLine = await runAdmin([
      "create",
      "--email",
      "x@example.com",
      "--password",
      "a sturdy cli passphrase",
    ]);
    expect(onCommandLine.code).toBe(2);
    expect(onCommandLine.stderr).toContain("Passwords are not accepted on the command line.");

    const badRole = await runAdmin(
      ["create", "--email", "r@example.com", "--role", "owner"],
      "a sturdy cli passphrase\n",
    );
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain("--role: administrator, operations, accounts or editor");

    const editor = await runAdmin(
      ["create", "--email", "writer@example.com", "--role", "editor"],
      "a sturdy cli passphrase\n",
    );
    expect(editor.stdout).toContain("Created the admin account writer@example.com (Editor).");

    const badEmail = await runAdmin(["create", "--email", "not-an-email"], "a sturdy cli passphrase\n");
    expect(badEmail.code).toBe(2);
    expect(badEmail.stderr).toContain("Please enter a valid email address.");
  });

  it("reset-password: sets a new password for an existing account only", { timeout: 180_000 }, async () => {
    const run = await runAdmin(
      ["reset-password", "--email", "OPS@example.com"],
      "a replaced cli passphrase\r\n",
    );
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("Changed the password of Ops@Example.com");
    expect(run.code).toBe(0);
    const hash = await storedHash("ops@example.com");
    expect((await verifyPassword({ stored: hash!, password: "a replaced cli passphrase" })).valid).toBe(true);

    const missing = await runAdmin(
      ["reset-password", "--email", "nobody@example.com"],
      "a replaced cli passphrase\n",
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("There is no admin account for nobody@example.com.");
  });

  it("lists accounts, and prints usage for an unknown command", { timeout: 180_000 }, async () => {
    const list = await runAdmin(["list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain("Ops@Example.com\tOps Desk");
    const unknown = await runAdmin(["frobnicate"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Usage:");
  });

  it("works while the site runs: joins the running database server and leaves it running", {
    timeout: 180_000,
  }, async () => {
    // Another live process uses the embedded server, as the running app does.
    const holder = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { openDatabase } = await import("#app/server/db/client.server.ts");
         const database = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
         process.on("SIGTERM", async () => { await database.close(); process.exit(0); });
         console.log("ready " + database.embedded.pid());
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      const serverPid = await new Promise<number>((resolve, reject) => {
        holder.stdout.on("data", (chunk) => {
          const match = /ready (\d+)/.exec(String(chunk));
          if (match) resolve(Number(match[1]));
        });
        holder.on("exit", (code) => reject(new Error(`the holder exited (${code})`)));
      });
      const run = await runAdmin(["list"]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toContain("Ops@Example.com");
      // The CLI left; the server the site uses still runs.
      expect(isProcessAlive(serverPid)).toBe(true);
      const stopped = new Promise((resolve) => holder.once("exit", resolve));
      holder.kill("SIGTERM");
      await stopped;
      // The last user out stops the server.
      expect(isProcessAlive(serverPid)).toBe(false);
    } finally {
      holder.kill();
    }
  });
});
