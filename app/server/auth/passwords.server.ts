import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import bcrypt from "bcryptjs";

/** argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane); the PHC prefix tells current hashes apart. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export function isBcryptHash(stored: string): boolean {
  return /^\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(stored);
}

/**
 * Checks a password against a stored hash: argon2 (ours) or bcrypt `$2…` (the spec's format, cost 10).
 * `needsRehash` is true when it matched but the hash is not current argon2id: re-hash it on login.
 */
export async function verifyPassword({
  stored,
  password,
}: {
  stored: string;
  password: string;
}): Promise<{ valid: boolean; needsRehash: boolean }> {
  try {
    if (stored.startsWith("$argon2")) {
      const valid = await verify(stored, password);
      return { valid, needsRehash: valid && !stored.startsWith(CURRENT_PREFIX) };
    }
    if (isBcryptHash(stored)) {
      const valid = await bcrypt.compare(password, stored);
      return { valid, needsRehash: valid };
    }
  } catch {
    // A malformed stored hash never matches.
  }
  return { valid: false, needsRehash: false };
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check when the account does not exist, so timing does not tell. */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(32).toString("base64url"));
  await verifyPassword({ stored: await dummyHash, password });
  return false;
}
