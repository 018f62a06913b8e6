import { describe, expect, it } from "vitest";
import { changePasswordSchema, isCommonPassword, newPasswordSchema } from "#app/schemas/password.ts";

describe("isCommonPassword", () => {
  it.each([
    "1qaz2wsx3edc",
    "QWERTY123456",
    "passwordpassword",
    "Password1234!",
    "P@ssw0rd2024!!",
    "aaaaaaaaaaaa",
    "abcabcabcabc",
    "abcdefghijklmno",
    "987654321098",
    "Welcome12345",
    "administrator1",
    "monkeymonkeymonkey",
  ])("refuses %s", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each([
    "correct horse battery staple",
    "Monrovia-harbour-cranes-42",
    "k8#Lq2!vZp9@wE",
    "blue tractor sings loudly",
  ])("accepts %s", (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});

describe("newPasswordSchema", () => {
  it("needs 12 to 256 characters", () => {
    expect(newPasswordSchema.safeParse("short pass").error?.issues[0]?.message).toBe(
      "The password must be at least 12 characters.",
    );
    expect(newPasswordSchema.safeParse("x y".repeat(100)).success).toBe(false);
    expect(newPasswordSchema.safeParse(`${"correct horse ".repeat(19)}ab`).error?.issues[0]?.message).toBe(
      "The password must be at most 256 characters.",
    );
    expect(newPasswordSchema.safeParse("correct horse battery staple").success).toBe(true);
  });

  it("never trims: spaces count", () => {
    expect(newPasswordSchema.parse("  tractor sings  ")).toBe("  tractor sings  ");
  });
});

describe("changePasswordSchema", () => {
  it("needs the confirmation to match and the new password to differ", () => {
    const mismatch = changePasswordSchema.safeParse({
      currentPassword: "old one",
      newPassword: "correct horse battery staple",
      confirmPassword: "correct horse battery stapler",
    });
    expect(mismatch.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["confirmPassword", "The passwords do not match."],
    ]);
    const same = changePasswordSchema.safeParse({
      currentPassword: "correct horse battery staple",
      newPassword: "correct horse battery staple",
      confirmPassword: "correct horse battery staple",
    });
    expect(same.error?.issues[0]?.message).toBe("Choose a password different from the current one.");
  });
});
