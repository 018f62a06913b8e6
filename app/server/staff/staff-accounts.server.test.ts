import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/server/services.server.ts";
import {
  countAdminUsers,
  createAdminUser,
  deleteAdminUser,
  ensureFirstAdmin,
  findAdminByEmail,
  listAdminUsers,
} from "#app/server/staff/staff-accounts.server.ts";
import { getSessionUser } from "#app/server/staff/staff-sessions.server.ts";
import { openStaffSession } from "#tests/setup/staff-session.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

function recordingLogger() {
  const lines: { level: string; message: string }[] = [];
  const log =
    (level: string) =>
    (...args: unknown[]) => {
      lines.push({ level, message: String(args.find((a) => typeof a === "string") ?? "") });
    };
  return { lines, logger: { info: log("info"), warn: log("warn") } as never };
}

describe("ensureFirstAdmin", () => {
  it("with no account and no variables, says in the log how to create one", async () => {
    const { lines, logger } = recordingLogger();
    expect(await ensureFirstAdmin({ db: services.db, config: {}, logger })).toBe("missing");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toContain("npm run admin -- create --email");
    expect(lines[0]!.message).toContain("ADMIN_EMAIL and ADMIN_PASSWORD");
  });

  it("refuses a weak ADMIN_PASSWORD", async () => {
    const { lines, logger } = recordingLogger();
    const config = { ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "password1234" };
    expect(await ensureFirstAdmin({ db: services.db, config, logger })).toBe("missing");
    expect(lines[0]!.message).toContain("too common");
    expect(await countAdminUsers({ db: services.db })).toBe(0);
  });

  it("creates the first account once, from ADMIN_EMAIL and ADMIN_PASSWORD", async () => {
    const { logger } = recordingLogger();
    const config = { ADMIN_EMAIL: "Boss@Example.com", ADMIN_PASSWORD: "a sturdy first passphrase" };
    const results = await Promise.all([
      ensureFirstAdmin({ db: services.db, config, logger }),
      ensureFirstAdmin({ db: services.db, config, logger }),
    ]);
    expect(results.sort()).toEqual(["created", "exists"]);
    expect(await countAdminUsers({ db: services.db })).toBe(1);
    const other = { ADMIN_EMAIL: "second@example.com", ADMIN_PASSWORD: "another sturdy passphrase" };
    expect(await ensureFirstAdmin({ db: services.db, config: other, logger })).toBe("exists");
    const boss = await findAdminByEmail({ db: services.db, email: "boss@EXAMPLE.com" });
    expect(boss?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(boss?.mustChangePassword).toBe(false);
  });
});

describe("staff accounts", () => {
  it("refuses a second account with the same e-mail in any case", async () => {
    const { db } = services;
    expect(
      await createAdminUser({ db, email: "clerk@example.com", password: "clerk passphrase 1" }),
    ).not.toBeNull();
    expect(
      await createAdminUser({ db, email: "CLERK@example.com", password: "clerk passphrase 2" }),
    ).toBeNull();
  });

  it("nobody removes themselves or the last account; removal ends the account's sessions", async () => {
    const { db, config } = services;
    const boss = (await findAdminByEmail({ db, email: "boss@example.com" }))!;
    const clerk = (await findAdminByEmail({ db, email: "clerk@example.com" }))!;
    const session = await openStaffSession({ db, config, userId: clerk.id });
    expect(await deleteAdminUser({ db, userId: boss.id, actorId: boss.id })).toBe("self");
    expect(await deleteAdminUser({ db, userId: clerk.id, actorId: boss.id })).toBe("removed");
    expect(await getSessionUser({ db, config, token: session.token })).toBeNull();
    expect(await deleteAdminUser({ db, userId: clerk.id, actorId: boss.id })).toBe("last");
    const temp = (await createAdminUser({
      db,
      email: "temp@example.com",
      password: "temporary passphrase",
    }))!;
    expect(await deleteAdminUser({ db, userId: crypto.randomUUID(), actorId: temp.id })).toBe("missing");
    expect((await listAdminUsers({ db })).map((u) => u.email)).toEqual([
      "Boss@Example.com",
      "temp@example.com",
    ]);
  });
});
