import { z } from "zod";

// The address book (/admin/parties): its list query, its roles and the intents of its forms. The party form's
// fields are in app/schemas/party-form.ts, apart so that the list does not load the phone number checks.

export const PARTY_ROLES = ["shipper", "consignee"] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

export const PARTY_ROLE_LABELS: Record<PartyRole, { one: string; many: string }> = {
  shipper: { one: "Shipper", many: "Shippers" },
  consignee: { one: "Consignee", many: "Consignees" },
};

/** The hidden `intent` values of the address book's forms. */
export const PARTY_INTENTS = { save: "save-party", delete: "delete-party" } as const;

/** Shipper or consignee, as a form sends it: anything else is refused. */
export const partyRoleSchema = z.enum(PARTY_ROLES, { message: "Choose Shipper or Consignee." });

/** The list's query, all in the URL: the tab (role), the search and the page. */
const partyListQuerySchema = z.object({
  role: partyRoleSchema.catch("shipper"),
  q: z
    .string()
    .catch("")
    .transform((v) => v.slice(0, 100)),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type PartyListQuery = z.output<typeof partyListQuerySchema>;

export function parsePartyListQuery(params: URLSearchParams): PartyListQuery {
  return partyListQuerySchema.parse({
    role: params.get("role") ?? "shipper",
    q: params.get("q") ?? "",
    page: params.get("page") ?? "1",
  });
}

/** A page number from the URL (the party page's list of shipments). */
export function parsePageParam(params: URLSearchParams): number {
  return z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .catch(1)
    .parse(params.get("page") ?? "1");
}
