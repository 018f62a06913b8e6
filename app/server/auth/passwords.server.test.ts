import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import {
  hashPassword,
  isBcryptHash,
  verifyDummyPassword,
  verifyPassword,
} from "#app/server/auth/passwords.server.ts";

describe("passwords", () => {
  it("hashes with argon2id and verifies", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword({ stored, password: "correct horse battery staple" })).toEqual({
      valid: true,
      needsRehash: false,
    });
    expect(await verifyPassword({ stored, password: "correct horse battery stapl" })).toEqual({
      valid: false,
      needsRehash: false,
    });
  });

  it("verifies the spec's bcrypt hashes (cost 10) and asks for a re-hash", async () => {
    const stored = bcrypt.hashSync("legacy password 2024", 10);
    expect(stored).toMatch(/^\$2[aby]\$10\$/);
    expect(stored).toHaveLength(60);
    expect(isBcryptHash(stored)).toBe(true);
    expect(await verifyPassword({ stored, password: "legacy password 2024" })).toEqual({
      valid: true,
      needsRehash: true,
    });
    expect((await verifyPassword({ stored, password: "wrong" })).valid).toBe(false);
  });

  it("re-hashes argon2 hashes made with other settings", async () => {
    const { hash } = await import("@node-rs/argon2");
    const stored = await hash("older settings here", { memoryCost: 8192, timeCost: 1 });
    expect(await verifyPassword({ stored, password: "older settings here" })).toEqual({
      valid: true,
      needsRehash: true,
    });
  });

  it("never matches a malformed or placeholder hash", async () => {
    for (const stored of ["", "placeholder_to_be_updated", "$2a$10$short", "$argon2id$v=19$garbage"]) {
      expect((await verifyPassword({ stored, password: "placeholder_to_be_updated" })).valid).toBe(false);
    }
  });

  it("spends comparable time on a dummy check", async () => {
    expect(await verifyDummyPassword("anything")).toBe(false);
  });
});
