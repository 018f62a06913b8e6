// The loaders and actions of /account/colleagues and /account/preferences. The company is always the
// signed-in member's own, never one named by a form.
import { data, type RouterContextProvider, redirect } from "react-router";
import { requestContext } from "#app/context.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import {
  accountPageRequest,
  accountPostRequest,
  unreadForm,
} from "#app/server/customers/customer-account-pages.server.ts";
import { inviteColleague } from "#app/server/customers/customer-colleague-invitations.server.ts";
import type { ColleaguesPageData, ColleaguesReply } from "#app/server/customers/customer-colleague-views.ts";
import { COLLEAGUE_INTENTS } from "#app/server/customers/customer-colleague-views.ts";
import { listMembersOfCompanies } from "#app/server/customers/customer-companies.server.ts";
import {
  cancelInvitations,
  listWaitingInvitations,
} from "#app/server/customers/customer-invitations.server.ts";
import {
  type PreferencesPageData,
  type PreferencesReply,
  SAVE_PREFERENCES_INTENT,
} from "#app/server/customers/customer-preference-views.ts";
import { isPhoneSignInAvailable } from "#app/server/customers/customer-sign-in.server.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import {
  getMemberPreferences,
  saveMemberPreferences,
} from "#app/server/notifications/member-preferences.server.ts";
import { readFormData, readIntent } from "#app/server/platform/forms.server.ts";

type PageArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** The company's members and the invitations that still wait. */
export async function loadColleaguesPage(args: PageArgs): Promise<ColleaguesPageData> {
  const { customer, services } = accountPageRequest(args);
  const { db, config } = services;
  const [members, invitations] = await Promise.all([
    listMembersOfCompanies({ db, companyIds: [customer.companyId] }),
    listWaitingInvitations({ db, companyId: customer.companyId }),
  ]);
  const inviter = members.find((member) => member.canInvite);
  return {
    canInvite: customer.canInvite,
    phone: isPhoneSignInAvailable(config),
    inviterName: inviter && inviter.id !== customer.id ? inviter.name : null,
    members: members.map((member) => ({
      id: member.id,
      name: member.name,
      email: member.email,
      phone: member.phone,
      you: member.id === customer.id,
    })),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      name: invitation.name,
      email: invitation.email,
      phone: invitation.phone,
    })),
  };
}

/** 'Add colleague' (an invitation) or 'Cancel invitation', by a member who may invite. */
export async function colleaguesPageAction({ request, context }: PageArgs) {
  const { customer, services, locale, t } = await accountPostRequest({ request, context });
  const formData = await readFormData(request);
  const text = (name: string) => {
    const value = formData?.get(name);
    return typeof value === "string" ? value.slice(0, 300) : "";
  };
  const values = { name: text("name"), email: text("email"), phone: text("phone") };
  const intent = formData ? readIntent(formData) : null;
  if (formData && intent === COLLEAGUE_INTENTS.cancel) {
    const id = text("invitation");
    // Only the member who may invite cancels, and only their own company's invitations.
    const cancelled =
      customer.canInvite && isUuid(id)
        ? await cancelInvitations({ db: services.db, companyId: customer.companyId, ids: [id] })
        : 0;
    if (cancelled === 0) {
      return data<ColleaguesReply>({ error: t("This invitation no longer waits."), values }, { status: 400 });
    }
    return data<ColleaguesReply>({ done: t("The invitation is cancelled.") });
  }
  if (!formData || intent !== COLLEAGUE_INTENTS.invite) {
    return data<ColleaguesReply>({ error: unreadForm(t), values }, { status: 400 });
  }
  const invited = await inviteColleague({
    ...services,
    settings: await services.siteSettings.get(),
    memberId: customer.id,
    input: values,
    locale,
    clientAddress: context.get(requestContext).clientIp,
  });
  if (!invited.ok) return data<ColleaguesReply>({ error: t(invited.message), values }, { status: 400 });
  // Nobody can sign in before proving the address, and an address that is somebody's is not even told: the
  // answer says what happens, the same for every address (decision 029).
  return data<ColleaguesReply>({
    done: t(
      "We invited {name}: they join the account when they first sign in with a code sent to this address.",
      { name: invited.name },
    ),
  });
}

/** The query that tells the page, opened in a newly chosen language, that the choices were saved. */
const SAVED = "saved";

/** The member's message choices and language (a 404 once they are no longer a member). */
export async function loadPreferencesPage(args: PageArgs): Promise<PreferencesPageData> {
  const { customer, services } = accountPageRequest(args);
  const form = await getMemberPreferences({
    db: services.db,
    config: services.config,
    memberId: customer.id,
  });
  if (!form) throw new Response("Not Found", { status: 404 });
  return { ...form, saved: new URL(args.request.url).searchParams.has(SAVED) };
}

/**
 * Saves the member's choices. Another language chosen (decision 030: their messages, and the account's pages after
 * signing in) opens this page in it, saying it was saved in its words.
 */
export async function preferencesPageAction({ request, context }: PageArgs) {
  const { customer, services, locale, t } = await accountPostRequest({ request, context });
  const { db, config } = services;
  const formData = await readFormData(request);
  if (!formData || readIntent(formData) !== SAVE_PREFERENCES_INTENT) {
    return data<PreferencesReply>({ error: unreadForm(t) }, { status: 400 });
  }
  const saved = await saveMemberPreferences({ db, config, memberId: customer.id, formData });
  if (!saved.ok) return data<PreferencesReply>({ error: t(saved.message) }, { status: 400 });
  if (saved.language !== locale) {
    return redirect(`${localizePath("/account/preferences", saved.language)}?${SAVED}`, {
      headers: { "Cache-Control": "no-store" },
    });
  }
  return data<PreferencesReply>({ done: t("Your preferences are saved.") });
}
