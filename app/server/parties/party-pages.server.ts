import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { phoneChannels } from "#app/lib/contact-phone.ts";
import { formatListDate } from "#app/lib/format.ts";
import { roleMayUse } from "#app/lib/roles.ts";
import {
  PARTY_INTENTS,
  PARTY_ROLE_LABELS,
  type PartyRole,
  parsePageParam,
  parsePartyListQuery,
} from "#app/schemas/party-admin.ts";
import { partyCreateSchema, partyUpdateSchema } from "#app/schemas/party-form.ts";
import { rowIdSchema } from "#app/schemas/shipment-admin.ts";
import type { CustomerAccountCardData } from "#app/server/customers/customer-account-views.ts";
import type { Db } from "#app/server/db/client.server.ts";
import {
  createParty,
  deleteParty,
  findParties,
  findPartyById,
  findPartyShipments,
  type Party,
  updateParty,
} from "#app/server/parties/parties.server.ts";
import {
  type AddressBookData,
  type PartyActionData,
  type PartyFormData,
  type PartyKind,
  type PartyValues,
  statementUrl,
} from "#app/server/parties/party-views.ts";
import { readIntent } from "#app/server/platform/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { notFound, requireStaffForm, requireStaffPage } from "#app/server/staff/staff-page.server.ts";

// The address book's loaders and actions: the list (/admin/parties), a new party (/admin/parties/new) and a
// party's page (/admin/parties/:id: its form, its shipments, delete). Create and edit share one form.

type Ctx = Readonly<RouterContextProvider>;

const PAGE_SIZE = 20;

const toValues = (party: Party): PartyValues => ({
  name: party.name,
  company: party.company ?? "",
  email: party.email ?? "",
  phone: party.phone ?? "",
  address: party.address ?? "",
  noReminders: party.noReminders,
  language: party.language,
});

const EMPTY: PartyValues = {
  name: "",
  company: "",
  email: "",
  phone: "",
  address: "",
  noReminders: false,
  language: "",
};

/** The list: one page of shippers or consignees (the tab), searched, with their shipment counts. */
export async function loadAddressBook({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<AddressBookData> {
  const { services } = await requireStaffPage({ request, context });
  const { db } = services;
  const query = parsePartyListQuery(new URL(request.url).searchParams);
  const found = await findParties({
    db,
    kind: query.role,
    search: query.q,
    page: query.page,
    pageSize: PAGE_SIZE,
  });
  return {
    query,
    total: found.total,
    page: found.page,
    pageCount: found.pageCount,
    rows: found.rows.map((row) => ({ id: row.id, ...toValues(row), shipmentCount: row.shipmentCount })),
  };
}

/** A new party's form: the role of the tab it was opened from. */
export async function loadNewParty({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<PartyFormData> {
  await requireStaffPage({ request, context });
  const { role } = parsePartyListQuery(new URL(request.url).searchParams);
  return { party: null, role, values: EMPTY };
}

/**
 * The 'Customer account' card of a party's page (decision 029). Customer accounts sit above the address book in
 * the order of the rooms, so the page takes the card from its route instead of importing it.
 */
export type PartyAccountCard = {
  load(args: {
    db: Db;
    config: Services["config"];
    kind: PartyKind;
    party: Party;
    q: string | null;
  }): Promise<CustomerAccountCardData>;
  isIntent(intent: string | null): boolean;
  act(args: {
    services: Services;
    staffId: string;
    kind: PartyKind;
    party: Party;
    intent: string;
    formData: FormData;
  }): Promise<Response | ReturnType<typeof data<unknown>>>;
};

/** A party's page: its fields and one page of its shipments; 404 when unknown. */
export async function loadPartyPage({
  request,
  context,
  id,
  accountCard,
}: {
  request: Request;
  context: Ctx;
  id: string;
  accountCard: PartyAccountCard;
}): Promise<PartyFormData> {
  const { services, user } = await requireStaffPage({ request, context, id });
  const { db, config } = services;
  const found = await findPartyById({ db, id });
  if (!found) notFound();
  const { kind, party } = found;
  const searchParams = new URL(request.url).searchParams;
  const shipments = await findPartyShipments({
    db,
    kind,
    id: party.id,
    page: parsePageParam(searchParams),
    pageSize: PAGE_SIZE,
  });
  const account = await accountCard.load({
    db,
    config,
    kind,
    party,
    q: searchParams.get("accountSearch"),
  });
  return {
    party: { id: party.id, ...toValues(party) },
    phoneChannels: phoneChannels(party.phone, config.SMS_ALLOWED_COUNTRIES),
    statementUrl: roleMayUse(user.role, statementUrl({ kind, id: party.id }))
      ? statementUrl({ kind, id: party.id })
      : null,
    role: kind,
    values: toValues(party),
    account,
    shipments: {
      total: shipments.total,
      page: shipments.page,
      pageCount: shipments.pageCount,
      rows: shipments.rows.map((row) => ({
        id: row.id,
        trackingNumber: row.trackingNumber,
        status: row.status,
        originLocation: row.originLocation,
        destinationLocation: row.destinationLocation,
        createdAt: formatListDate(row.createdAt),
      })),
    },
  };
}

const refused = (message: string, status = 400) =>
  data<PartyActionData>({ result: { status: "error", error: { "": [message] } } }, { status });

const UNREADABLE = "The form could not be read. Please try again.";

/** Deletes a party (its shipments keep no shipper or consignee) and goes to `back` with the spec's toast. */
async function removeParty({
  context,
  id,
  role,
  back,
}: {
  context: Ctx;
  id: string;
  /** The tab the request came from, for the message when the party is gone. */
  role: PartyRole;
  back: (role: PartyRole) => string;
}) {
  const { db, logger } = context.get(servicesContext);
  const found = await findPartyById({ db, id });
  if (!found) {
    return redirectWithToast(back(role), {
      type: "error",
      title: `Failed to delete ${role}`,
      description: "It is no longer in the address book.",
    });
  }
  const { kind } = found;
  const failure = `Failed to delete ${kind}`;
  try {
    const deleted = await deleteParty({ db, kind, id });
    if (!deleted) return redirectWithToast(back(kind), { type: "error", title: failure });
    logger.info({ partyId: id, kind }, "Party deleted");
    return redirectWithToast(back(kind), {
      type: "success",
      title: `${PARTY_ROLE_LABELS[kind].one} deleted`,
    });
  } catch (error) {
    logger.error({ err: error, partyId: id, kind }, "Deleting a party failed");
    return redirectWithToast(back(kind), { type: "error", title: failure });
  }
}

/** The list's action: delete a party (the row's id), back to the same tab, search and page. */
export async function addressBookAction({ request, context }: { request: Request; context: Ctx }) {
  const { formData } = await requireStaffForm({ request, context });
  const intent = readIntent(formData);
  if (!formData || intent !== PARTY_INTENTS.delete) return refused("Unknown action.");
  const row = rowIdSchema.safeParse({ id: formData.get("id") });
  if (!row.success) return refused("This contact does not exist.");
  const url = new URL(request.url);
  url.searchParams.delete("index");
  return removeParty({
    context,
    id: row.data.id,
    role: parsePartyListQuery(url.searchParams).role,
    back: (role) => {
      url.searchParams.set("role", role);
      return `/admin/parties${url.search}`;
    },
  });
}

/**
 * The form's action, shared by /admin/parties/new (create, with the role chosen on the form) and
 * /admin/parties/:id (save, or delete). Invalid input answers 400 with the messages and the typed values,
 * nothing changed; success goes to the party's page (or, after a delete, the list) with the spec's toast.
 */
export async function savePartyForm({
  request,
  context,
  id,
  accountCard,
}: {
  request: Request;
  context: Ctx;
  id?: string;
  /** The party's 'Customer account' card (a new party has none yet). */
  accountCard?: PartyAccountCard;
}) {
  const { services, formData, user } = await requireStaffForm({ request, context, id });
  const { db, logger } = services;
  const existing = id === undefined ? null : await findPartyById({ db, id });
  if (id !== undefined && !existing) notFound();

  const intent = readIntent(formData);
  if (!formData) return refused(UNREADABLE);

  if (existing && intent === PARTY_INTENTS.delete) {
    return removeParty({
      context,
      id: existing.party.id,
      role: existing.kind,
      back: (role) => `/admin/parties?role=${role}`,
    });
  }
  // The 'Customer account' card (decision 029): the route's roles (Administrators, Operations) already checked.
  if (existing && accountCard?.isIntent(intent)) {
    return accountCard.act({ services, staffId: user.id, ...existing, intent: intent ?? "", formData });
  }
  if (intent !== PARTY_INTENTS.save) return refused(UNREADABLE);

  if (!existing) {
    const submission = parseWithZod(formData, { schema: partyCreateSchema });
    if (submission.status !== "success") {
      return data<PartyActionData>({ result: submission.reply() }, { status: 400 });
    }
    const { role, ...input } = submission.value;
    try {
      const party = await createParty({ db, kind: role, input });
      logger.info({ partyId: party.id, kind: role }, "Party created");
      return redirectWithToast(`/admin/parties/${party.id}`, {
        type: "success",
        title: `${PARTY_ROLE_LABELS[role].one} created successfully`,
      });
    } catch (error) {
      logger.error({ err: error, kind: role }, "Creating a party failed");
      const result = submission.reply({ formErrors: [`Failed to create ${role}`] });
      return data<PartyActionData>({ result }, { status: 500 });
    }
  }

  const { kind, party } = existing;
  const page = `/admin/parties/${party.id}`;
  const submission = parseWithZod(formData, { schema: partyUpdateSchema });
  if (submission.status !== "success") {
    return data<PartyActionData>({ result: submission.reply() }, { status: 400 });
  }
  try {
    const updated = await updateParty({ db, kind, id: party.id, input: submission.value });
    if (!updated) return redirectWithToast(page, { type: "error", title: `Failed to update ${kind}` });
    return redirectWithToast(page, { type: "success", title: `${PARTY_ROLE_LABELS[kind].one} updated` });
  } catch (error) {
    logger.error({ err: error, partyId: party.id, kind }, "Updating a party failed");
    return redirectWithToast(page, { type: "error", title: `Failed to update ${kind}` });
  }
}
