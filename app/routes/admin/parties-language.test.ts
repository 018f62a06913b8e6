// The party's language (decision 030) in the back office: guessed from the phone's country when a party is created
// without one (the shipment form's 'Add New', the address book's 'From the phone number'), set and changed on
// the party form, refused unless English or French. Loaders and actions called with a real session.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as pageAction, loader as pageLoader } from "#app/routes/admin/parties.$id.tsx";
import { action as newPartyAction } from "#app/routes/admin/parties.new.tsx";
import { action as newShipmentAction } from "#app/routes/admin/shipments.new.tsx";
import { languageOfPhone } from "#app/schemas/party-language.ts";
import { consignees, shippers } from "#app/server/db/schema.ts";
import type { PartyFormData } from "#app/server/parties/party-views.ts";
import type { Services } from "#app/server/services.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let cookie: string;
beforeAll(async () => {
  services = await createTestServices();
  ({ cookie } = await signInStaff({ ...services, email: "lang@example.com" }));
});
afterAll(() => services.close());

type Reply = {
  data: { result?: { error?: Record<string, string[] | null> } };
  init: { status?: number } | null;
};
const call = (fn: (args: never) => unknown, path: string, fields?: Record<string, string>, params = {}) =>
  fn({
    request: new Request(`http://localhost${path}`, {
      method: fields ? "POST" : "GET",
      headers: { cookie },
      body: fields ? new URLSearchParams(fields) : undefined,
    }),
    context: createTestContext(services),
    params,
  } as never);
const shipperNamed = async (name: string) =>
  (await services.db.select().from(shippers).where(eq(shippers.name, name)))[0];

describe("a party's language", () => {
  it("is French for a phone of Côte d'Ivoire, Guinea, Senegal, Togo, Benin, Mali, Burkina Faso or Niger", () => {
    for (const phone of [
      "+225 07 08 09 10 11",
      "+224 622 12 34 56",
      "+221 77 123 45 67",
      "+228 90 12 34 56",
      "+229 97 12 34 56",
      "+223 65 12 34 56",
      "+226 70 12 34 56",
      "+227 96 12 34 56",
      "00225 07 08 09 10 11",
    ])
      expect([phone, languageOfPhone(phone)]).toEqual([phone, "fr"]);
    for (const phone of ["+231 77 012 3456", "+233 24 123 4567", "+33 6 12 34 56 78", "0770123456", "", null])
      expect([phone, languageOfPhone(phone)]).toEqual([phone, "en"]);
  });

  it("is guessed from the phone when the shipment form adds a party", async () => {
    for (const [name, phone, language] of [
      ["Abidjan Imports", "+225 07 08 09 10 11", "fr"],
      ["Monrovia Traders", "+231 77 012 3456", "en"],
    ] as const) {
      const reply = (await call(newShipmentAction, "/admin/shipments/new", {
        intent: "create-consignee",
        name,
        phone,
      })) as Reply;
      expect(reply.init?.status ?? 200).toBe(200);
      const [row] = await services.db.select().from(consignees).where(eq(consignees.name, name));
      expect(row!.language).toBe(language);
    }
  });

  it("is guessed on the address book's form unless staff choose one, and shown and changed on the party page", async () => {
    const create = (name: string, language: string) =>
      call(newPartyAction, "/admin/parties/new", {
        intent: "save-party",
        role: "shipper",
        name,
        phone: "+221 77 123 45 67",
        language,
      }) as Promise<Response>;
    expect((await create("Dakar Guess", "")).status).toBe(302);
    expect((await shipperNamed("Dakar Guess"))!.language).toBe("fr");
    expect((await create("Dakar English", "en")).status).toBe(302);
    const party = (await shipperNamed("Dakar English"))!;
    expect(party.language).toBe("en");

    const page = (await call(pageLoader, `/admin/parties/${party.id}`, undefined, {
      id: party.id,
    })) as PartyFormData;
    expect(page.values.language).toBe("en");
    const saved = (await call(
      pageAction,
      `/admin/parties/${party.id}`,
      { intent: "save-party", name: "Dakar English", phone: "+221 77 123 45 67", language: "fr" },
      { id: party.id },
    )) as Response;
    expect(saved.status).toBe(302);
    expect((await shipperNamed("Dakar English"))!.language).toBe("fr");
  });

  it("refuses anything but English or French, and changes nothing", async () => {
    const party = (await shipperNamed("Dakar English"))!;
    for (const language of ["de", "FR", "english", "<script>", " "]) {
      const reply = (await call(
        pageAction,
        `/admin/parties/${party.id}`,
        { intent: "save-party", name: "Changed", language },
        { id: party.id },
      )) as Reply;
      expect(reply.init?.status).toBe(400);
      expect(reply.data.result?.error?.language).toEqual(["Choose English or French."]);
    }
    const refused = (await call(newPartyAction, "/admin/parties/new", {
      intent: "save-party",
      role: "shipper",
      name: "Nobody",
      language: "es",
    })) as Reply;
    expect(refused.init?.status).toBe(400);
    expect(await shipperNamed("Nobody")).toBeUndefined();
    expect(await shipperNamed("Dakar English")).toMatchObject({ language: "fr" });
  });
});
