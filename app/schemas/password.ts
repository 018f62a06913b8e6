import { z } from "zod";
import { commonLongPasswords, commonPasswordWords } from "#app/schemas/data/common-passwords.ts";

export const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 256;

const commonPasswords = new Set(commonLongPasswords);
const commonWords = new Set(commonPasswordWords);

const LEET: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
  "!": "i",
};

/** True when every character steps by the same +1 or -1 from the previous one ("abcdefghijkl", "987654321098"). */
function isSequence(value: string): boolean {
  if (value.length < 3) return false;
  const step = (a: string, b: string) => {
    if (/\d/.test(a) && /\d/.test(b))
      return (Number(b) - Number(a) + 10) % 10 === 1 ? 1 : (Number(a) - Number(b) + 10) % 10 === 1 ? -1 : 0;
    return b.charCodeAt(0) - a.charCodeAt(0);
  };
  const first = step(value[0]!, value[1]!);
  if (first !== 1 && first !== -1) return false;
  for (let i = 2; i < value.length; i++) if (step(value[i - 1]!, value[i]!) !== first) return false;
  return true;
}

/** The password as a repetition of one short unit ("abcabcabcabc"), or null. */
function repeatedUnit(value: string): string | null {
  const match = /^(.+?)\1+$/s.exec(value);
  return match ? match[1]! : null;
}

/**
 * True for passwords an attacker tries first: the common-password list, one character or a short unit repeated,
 * plain sequences, and a common word (letters in leetspeak too) with only digits or symbols around it or repeated.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) return true;
  if (isSequence(lower)) return true;
  const unit = repeatedUnit(lower);
  if (unit && (unit.length <= 8 || commonPasswords.has(unit) || isCommonPassword(unit))) return true;
  const core = lower.replace(/^[^a-z@$]+/, "").replace(/[^a-z]+$/, "");
  const plain = core.replace(/[013457@$!]/g, (c) => LEET[c] ?? c);
  for (const candidate of new Set([core, plain, plain.replaceAll("i", "l")])) {
    if (candidate.length === 0) continue;
    if (commonWords.has(candidate) || commonPasswords.has(candidate)) return true;
    const candidateUnit = repeatedUnit(candidate);
    if (candidateUnit && commonWords.has(candidateUnit)) return true;
  }
  return false;
}

/** Rules for a new password: length, and not a common or predictable one. */
export const newPasswordSchema = z
  .string({ error: "Enter a new password." })
  .min(PASSWORD_MIN_LENGTH, { error: `The password must be at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH, { error: `The password must be at most ${PASSWORD_MAX_LENGTH} characters.` })
  .refine((value) => !isCommonPassword(value), {
    error: "This password is too common. Choose a longer, less predictable one.",
  });

const confirmField = z.string({ error: "Type the new password again." }).max(PASSWORD_MAX_LENGTH + 1);

const passwordsMatch = {
  check: (value: { newPassword: string; confirmPassword: string }) =>
    value.newPassword === value.confirmPassword,
  params: { path: ["confirmPassword"], error: "The passwords do not match." },
};

/** Changing one's own password: the current one, the new one twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Enter your current password." }).max(1024),
    newPassword: newPasswordSchema,
    confirmPassword: confirmField,
  })
  .refine(passwordsMatch.check, passwordsMatch.params)
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ["newPassword"],
    error: "Choose a password different from the current one.",
  });

/** Choosing a new password from an e-mailed reset link. */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "This reset link is invalid or has expired." }).max(200),
    newPassword: newPasswordSchema,
    confirmPassword: confirmField,
  })
  .refine(passwordsMatch.check, passwordsMatch.params);
