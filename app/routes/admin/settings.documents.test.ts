// The Settings page's Documents card: the waybill terms, in English and in French.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_WAYBILL_TERMS, DEFAULT_WAYBILL_TERMS_FR } from "#app/schemas/document-settings.ts";
import { siteSettings } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { getDocumentSettings, waybillTermsIn } from "#app/server/settings/document-settings.server.ts";
import { type Reply, signedInAdministrator } from "./settings.test-support.ts";

let services: Services;
const post = signedInAdministrator((signedIn) => {
  ({ services } = signedIn);
});

describe("Settings → Documents", () => {
  it("starts with the default waybill terms, saves new ones, and refuses empty or too long terms", async () => {
    expect(await getDocumentSettings({ db: services.db })).toEqual({
      waybillTerms: DEFAULT_WAYBILL_TERMS,
      waybillTermsFr: DEFAULT_WAYBILL_TERMS_FR,
    });
    const saved = (await post({
      intent: "documents",
      waybillTerms: "  Our terms <b>apply</b>.\nSecond line.  ",
    })) as Response;
    expect(saved.status).toBe(302);
    // The French terms left empty: the default French ones.
    expect(await getDocumentSettings({ db: services.db })).toEqual({
      waybillTerms: "Our terms <b>apply</b>.\nSecond line.",
      waybillTermsFr: DEFAULT_WAYBILL_TERMS_FR,
    });
    for (const [waybillTerms, message] of [
      ["   ", "Enter the waybill terms."],
      ["x".repeat(3001), "Waybill terms must be at most 3,000 characters."],
      ["bad\u0000byte", "Waybill terms contain characters that are not allowed."],
    ]) {
      const refused = (await post({ intent: "documents", waybillTerms: waybillTerms! })) as Reply;
      expect(refused.init?.status).toBe(400);
      expect(refused.data.result?.error?.waybillTerms).toEqual([message]);
    }
    expect((await getDocumentSettings({ db: services.db })).waybillTerms).toBe(
      "Our terms <b>apply</b>.\nSecond line.",
    );
    await post({ intent: "documents", waybillTerms: "Our terms.", waybillTermsFr: " Nos conditions. " });
    expect(await getDocumentSettings({ db: services.db })).toEqual({
      waybillTerms: "Our terms.",
      waybillTermsFr: "Nos conditions.",
    });
  });

  it("prints staff's English terms on a French waybill until they write French ones, never the default French beside new English terms", async () => {
    const frenchWaybill = async () => waybillTermsIn(await getDocumentSettings({ db: services.db }), "fr");
    const storedFrench = async () => {
      const [row] = await services.db
        .select({ value: siteSettings.value })
        .from(siteSettings)
        .where(eq(siteSettings.key, "documents"));
      return (row?.value as { waybillTermsFr?: string } | undefined)?.waybillTermsFr;
    };
    // Both default: the default French terms.
    await post({ intent: "documents", waybillTerms: DEFAULT_WAYBILL_TERMS, waybillTermsFr: "" });
    expect(await frenchWaybill()).toBe(DEFAULT_WAYBILL_TERMS_FR);
    // New English terms, the French field left empty or holding the default French terms (as the form once
    // posted them back): the French waybill prints the English terms, the one contract staff wrote.
    await post({ intent: "documents", waybillTerms: "Our own terms." });
    expect(await frenchWaybill()).toBe("Our own terms.");
    await post({
      intent: "documents",
      waybillTerms: "Our own terms.",
      waybillTermsFr: DEFAULT_WAYBILL_TERMS_FR,
    });
    expect(await storedFrench()).toBeUndefined();
    expect(await frenchWaybill()).toBe("Our own terms.");
    expect(waybillTermsIn(await getDocumentSettings({ db: services.db }), "en")).toBe("Our own terms.");
    // French terms staff typed: printed on a French waybill.
    await post({
      intent: "documents",
      waybillTerms: "Our own terms.",
      waybillTermsFr: "Nos propres conditions.",
    });
    expect(await storedFrench()).toBe("Nos propres conditions.");
    expect(await frenchWaybill()).toBe("Nos propres conditions.");
  });
});
