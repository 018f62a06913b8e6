import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { defaultSiteSettings } from "#app/content/company.ts";
import { siteSettingsFormSchema } from "#app/schemas/admin-settings.ts";
import { parseSiteSettings, siteSettingsSchema } from "#app/schemas/site-settings.ts";

function form(overrides: Record<string, string>) {
  const data = new FormData();
  const fields: Record<string, string> = {
    companyName: "Unitrans Global Logistics",
    phone: "+231 77 700 1995",
    email: "info@example.com",
    address: "Broad and Randell Street, Monrovia",
    "businessHours[0].days": "Monday - Friday",
    "businessHours[0].hours": "9:00 AM - 6:00 PM",
    "social.facebook": "",
    "social.twitter": "",
    "social.linkedin": "",
    "social.instagram": "",
    timeZone: "Africa/Monrovia",
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return parseWithZod(data, { schema: siteSettingsFormSchema, disableAutoCoercion: true });
}

describe("site settings", () => {
  it("accept hostile-looking text as plain text", () => {
    const submission = form({ companyName: "<script>alert(1)</script> & Co" });
    expect(submission.status).toBe("success");
  });

  // A NUL reached the database before (a 500: PostgreSQL cannot store it in jsonb); line breaks broke the footer.
  it.each([
    ["companyName", "Acme\u0000Ltd"],
    ["address", "1 Broad Street\r\nSet-Cookie: x=1"],
    ["businessHours[0].days", "Mon\u0000day"],
    ["businessHours[0].hours", "9\u0007-5"],
  ])("refuse control characters in %s with a message", (field, value) => {
    const submission = form({ [field]: value });
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.[field]?.[0]).toMatch(/characters that are not allowed/);
  });

  it.each([
    ["Europe/London", null],
    ["UTC", null],
    [
      "Mars/Olympus_Mons",
      "Unknown time zone. Choose one from the list, like Africa/Monrovia or Europe/London.",
    ],
    [
      "Europe/London\u0000",
      "Unknown time zone. Choose one from the list, like Africa/Monrovia or Europe/London.",
    ],
    ["", "Choose a time zone."],
  ])("take the time zone %j only when Intl supports it", (timeZone, message) => {
    const submission = form({ timeZone });
    expect(submission.reply().error?.timeZone?.[0] ?? null).toBe(message);
  });

  it("fall back to the defaults when stored values hold control characters", () => {
    expect(parseSiteSettings({ ...defaultSiteSettings, companyName: "Bad\u0000Name" })).toEqual(
      defaultSiteSettings,
    );
    expect(siteSettingsSchema.safeParse(defaultSiteSettings).success).toBe(true);
  });
});
