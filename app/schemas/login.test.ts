import { describe, expect, it } from "vitest";
import { loginSchema, safeRedirect } from "#app/schemas/login.ts";

describe("safeRedirect", () => {
  it.each([
    ["/admin/shipments", "/admin/shipments"],
    ["/admin/shipments?q=UTG#top", "/admin/shipments?q=UTG#top"],
    ["//evil.example/path", "/admin/dashboard"],
    ["/\\evil.example", "/admin/dashboard"],
    ["https://evil.example", "/admin/dashboard"],
    ["javascript:alert(1)", "/admin/dashboard"],
    ["/admin\\..\\x", "/admin/dashboard"],
    ["/\tevil.example", "/admin/dashboard"],
    ["/admin-login?redirectTo=/x", "/admin/dashboard"],
    ["", "/admin/dashboard"],
    [null, "/admin/dashboard"],
    [undefined, "/admin/dashboard"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

describe("loginSchema", () => {
  it("requires an e-mail and a password and keeps the password as typed", () => {
    expect(loginSchema.safeParse({}).error?.issues.map((i) => i.message)).toEqual([
      "Email is required.",
      "Password is required.",
    ]);
    expect(loginSchema.parse({ email: " Admin@Example.com ", password: " pw " })).toMatchObject({
      email: "Admin@Example.com",
      password: " pw ",
    });
  });
});
