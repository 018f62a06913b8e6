// The 'Customer account' card of a party's page (/admin/parties/:id, decision 029): the party's company, its
// parties and members, and the staff's forms (invite, remove, the party's own sign-in switch, join or take out
// another party). The route's role rule (Administrators and Operations) is checked before any of this runs; the
// company is always the one of the party in the address, never one named by the form.
import { data } from "react-router";
import { formatListDate } from "#app/lib/format.ts";
import { PARTY_ROLE_LABELS } from "#app/schemas/party-admin.ts";
import {
  addPartyToCompany,
  removePartyFromCompany,
  setPartySelfSignIn,
} from "#app/server/customers/customer-account-parties.server.ts";
import {
  type AccountPartyRow,
  CUSTOMER_ACCOUNT_INTENTS,
  type CustomerAccountActionData,
  type CustomerAccountCardData,
  type CustomerAccountIntent,
} from "#app/server/customers/customer-account-views.ts";
import {
  findCompanyOfParty,
  listCompanyParties,
  listMembersOfCompanies,
  type PartyKind,
} from "#app/server/customers/customer-companies.server.ts";
import { removeMember } from "#app/server/customers/customer-member-removal.server.ts";
import type { MemberOutcome } from "#app/server/customers/customer-members.server.ts";
import {
  inviteMemberByStaff,
  mobileOrEmpty,
} from "#app/server/customers/customer-staff-invitations.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { isSmsSubscriptionAvailable } from "#app/server/notifications/subscriptions.server.ts";
import { findParties, getParty, type Party } from "#app/server/parties/parties.server.ts";
import type { PartyAccountCard } from "#app/server/parties/party-pages.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { getSiteSettings } from "#app/server/settings/settings.server.ts";

const SEARCH_MAX = 50;

const partyRow = (kind: PartyKind, party: Pick<Party, "id" | "name" | "company">, currentId: string) => ({
  key: `${kind}:${party.id}`,
  id: party.id,
  kindLabel: PARTY_ROLE_LABELS[kind].one,
  name: party.name,
  company: party.company,
  current: party.id === currentId,
});

/** The card's data for a party's page; `q` is the 'Add another party' search (from the page's address). */
export async function loadCustomerAccountCard({
  db,
  config,
  kind,
  party,
  q,
}: {
  db: Db;
  config: Services["config"];
  kind: PartyKind;
  party: Party;
  q: string | null;
}): Promise<CustomerAccountCardData> {
  const company = await findCompanyOfParty({ db, kind, partyId: party.id });
  const parties: AccountPartyRow[] = [];
  const members: CustomerAccountCardData["members"] = [];
  if (company) {
    const ids = await listCompanyParties({ db, companyId: company.id });
    for (const [partyKind, list] of [
      ["shipper", ids.shipperIds],
      ["consignee", ids.consigneeIds],
    ] as const) {
      for (const id of list) {
        const found = await getParty({ db, kind: partyKind, id });
        if (found) parties.push(partyRow(partyKind, found, party.id));
      }
    }
    for (const member of await listMembersOfCompanies({ db, companyIds: [company.id] })) {
      members.push({
        id: member.id,
        name: member.name,
        email: member.email,
        phone: member.phone,
        lastSignIn: member.lastSignInAt ? formatListDate(member.lastSignInAt) : null,
        canInvite: member.canInvite,
      });
    }
  }
  const search = q?.trim().slice(0, 100) ?? "";
  let partySearch: CustomerAccountCardData["partySearch"] = null;
  if (q !== null) {
    const inAccount = new Set(parties.map((row) => row.key));
    const matches: AccountPartyRow[] = [];
    if (search) {
      for (const partyKind of ["shipper", "consignee"] as const) {
        const found = await findParties({ db, kind: partyKind, search, pageSize: SEARCH_MAX / 2 });
        for (const row of found.rows) {
          const match = partyRow(partyKind, row, party.id);
          if (!match.current && !inAccount.has(match.key)) matches.push(match);
        }
      }
    }
    partySearch = { q: search, matches };
  }
  return {
    companyName: company?.name ?? null,
    parties,
    members,
    ownAddresses: [party.email, party.phone].filter((value) => !!value).join(" or ") || null,
    selfSignIn: party.selfSignIn,
    inviteDefaults: { name: party.name, email: party.email ?? "", phone: mobileOrEmpty(party.phone) },
    textMessages: isSmsSubscriptionAvailable(config),
    partySearch,
  };
}

export function isCustomerAccountIntent(intent: string | null): intent is CustomerAccountIntent {
  return (Object.values(CUSTOMER_ACCOUNT_INTENTS) as (string | null)[]).includes(intent);
}

const field = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

/** "shipper:<uuid>" or "consignee:<uuid>" as posted, or null. */
function readPartyKey(value: string): { kind: PartyKind; id: string } | null {
  const [kind, id, ...rest] = value.split(":");
  if (rest.length > 0 || (kind !== "shipper" && kind !== "consignee") || !id || !isUuid(id)) return null;
  return { kind, id };
}

/** One post of the card, for the party of the page: a redirect with a toast, or a 400 with the message. */
export async function customerAccountAction({
  services,
  staffId,
  kind,
  party,
  intent,
  formData,
}: {
  services: Services;
  staffId: string;
  kind: PartyKind;
  party: Party;
  intent: CustomerAccountIntent;
  formData: FormData;
}) {
  const { db, config, logger } = services;
  const page = `/admin/parties/${party.id}`;
  const refused = (message: string, values?: Record<string, string>) =>
    data<CustomerAccountActionData>({ account: { intent, message, values } }, { status: 400 });
  const answer = (outcome: MemberOutcome, title: string, description: (name: string) => string) =>
    outcome.ok
      ? redirectWithToast(page, { type: "success", title, description: description(outcome.name) })
      : refused(outcome.message);

  if (intent === CUSTOMER_ACCOUNT_INTENTS.invite) {
    const values = {
      name: field(formData, "name"),
      email: field(formData, "email"),
      phone: field(formData, "phone"),
    };
    const outcome = await inviteMemberByStaff({
      db,
      config,
      logger,
      settings: await getSiteSettings({ db }),
      staffId,
      kind,
      partyId: party.id,
      input: values,
    });
    if (!outcome.ok) return refused(outcome.message, values);
    return answer(outcome, "Invitation sent", (name) => `${name} can now sign in to the customer account.`);
  }

  if (intent === CUSTOMER_ACCOUNT_INTENTS.selfSignIn) {
    const enabled = field(formData, "enabled");
    if (enabled !== "true" && enabled !== "false")
      return refused("The form could not be read. Please try again.");
    await setPartySelfSignIn({ db, kind, partyId: party.id, enabled: enabled === "true" });
    return redirectWithToast(page, {
      type: "success",
      title:
        enabled === "true" ? "They may sign in by themselves" : "They may no longer sign in by themselves",
    });
  }

  const company = await findCompanyOfParty({ db, kind, partyId: party.id });

  if (intent === CUSTOMER_ACCOUNT_INTENTS.remove) {
    const memberId = field(formData, "memberId");
    if (!company || !isUuid(memberId)) return refused("This person is no longer a member of this account.");
    const outcome = await removeMember({ db, companyId: company.id, memberId });
    return answer(outcome, "Member removed", (name) => `${name} can no longer sign in.`);
  }

  const other = readPartyKey(field(formData, "party"));
  if (!other) return refused("Choose a shipper or a consignee from the list.");
  if (intent === CUSTOMER_ACCOUNT_INTENTS.addParty) {
    const outcome = await addPartyToCompany({ db, from: { kind, id: party.id }, party: other });
    return answer(outcome, "Added to the customer account", (name) => `${name}'s shipments are now in it.`);
  }
  if (!company) return refused("This contact has no customer account yet.");
  const outcome = await removePartyFromCompany({ db, companyId: company.id, party: other });
  return answer(
    outcome,
    "Taken out of the customer account",
    (name) => `${name}'s shipments are no longer in it.`,
  );
}

/** The card as a party's page takes it (the address book sits below customer accounts, decision 029). */
export const customerAccountCard: PartyAccountCard = {
  load: loadCustomerAccountCard,
  isIntent: isCustomerAccountIntent,
  act: ({ intent, ...args }) => customerAccountAction({ ...args, intent: intent as CustomerAccountIntent }),
};
