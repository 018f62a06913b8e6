import { data, Form, useNavigation } from "react-router";
import { Data, Filled, SLOT } from "#app/components/account/filled.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { FieldError, Input, Label } from "#app/components/ui/field.tsx";
import { requestContext, servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { useT } from "#app/lib/i18n/use-words.ts";
import { localizedSeo } from "#app/lib/seo.ts";
import { inviteColleague } from "#app/server/customers/customer-colleague-invitations.server.ts";
import { listMembersOfCompanies } from "#app/server/customers/customer-companies.server.ts";
import { getCustomer, requireCustomer } from "#app/server/customers/customer-guards.server.ts";
import {
  cancelInvitations,
  listWaitingInvitations,
} from "#app/server/customers/customer-invitations.server.ts";
import { isPhoneSignInAvailable } from "#app/server/customers/customer-sign-in.server.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { translatorFor } from "#app/server/i18n/words.server.ts";
import { readFormData, readIntent } from "#app/server/platform/forms.server.ts";
import type { Route } from "./+types/colleagues";

// The people of the customer's company who may sign in (issue 29). A member who may invite adds a colleague
// here; the company is always the signed-in member's own, never one named by the form.

const INVITE_COLLEAGUE = "invite-colleague";
const CANCEL_INVITATION = "cancel-invitation";

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, {
    title: "Colleagues",
    description: "Who may sign in to your account.",
    path: "/account/colleagues",
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const customer = getCustomer(context);
  const { db, config } = context.get(servicesContext);
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

type Reply = { error: string; values: { name: string; email: string; phone: string } } | { done: string };

export async function action({ request, context }: Route.ActionArgs) {
  const customer = await requireCustomer({ request, context });
  const services = context.get(servicesContext);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const formData = await readFormData(request);
  const text = (name: string) => {
    const value = formData?.get(name);
    return typeof value === "string" ? value.slice(0, 300) : "";
  };
  const values = { name: text("name"), email: text("email"), phone: text("phone") };
  const intent = formData ? readIntent(formData) : null;
  if (formData && intent === CANCEL_INVITATION) {
    const id = text("invitation");
    // Only the member who may invite cancels, and only their own company's invitations.
    const cancelled =
      customer.canInvite && isUuid(id)
        ? await cancelInvitations({ db: services.db, companyId: customer.companyId, ids: [id] })
        : 0;
    if (cancelled === 0) {
      return data<Reply>({ error: t("This invitation no longer waits."), values }, { status: 400 });
    }
    return data<Reply>({ done: t("The invitation is cancelled.") });
  }
  if (!formData || intent !== INVITE_COLLEAGUE) {
    return data<Reply>(
      { error: t("The form could not be read. Please try again."), values },
      { status: 400 },
    );
  }
  const invited = await inviteColleague({
    ...services,
    settings: await services.siteSettings.get(),
    memberId: customer.id,
    input: values,
    locale,
    clientAddress: context.get(requestContext).clientIp,
  });
  if (!invited.ok) return data<Reply>({ error: t(invited.message), values }, { status: 400 });
  // Nobody can sign in before proving the address, and an address that is somebody's is not even told: the
  // answer says what happens, the same for every address (decision 029).
  return data<Reply>({
    done: t(
      "We invited {name}: they join the account when they first sign in with a code sent to this address.",
      { name: invited.name },
    ),
  });
}

export default function Colleagues({ loaderData, actionData }: Route.ComponentProps) {
  const { members, invitations, canInvite, inviterName, phone } = loaderData;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const error = actionData && "error" in actionData ? actionData.error : null;
  const typed = actionData && "error" in actionData ? actionData.values : null;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brand-900">{t("Colleagues")}</h1>
      <section aria-labelledby="colleagues-list" className="flex flex-col gap-2">
        <h2 id="colleagues-list" className="text-lg font-semibold text-slate-900">
          {t("Who may sign in")}
        </h2>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {members.map((member) => (
            <li key={member.id} className="p-3 text-sm">
              <p className="break-words font-medium text-slate-900">
                <Data>{member.name}</Data>
                {member.you ? ` ${t("(you)")}` : ""}
              </p>
              {member.email ? <p className="break-all text-slate-700">{member.email}</p> : null}
              {member.phone ? <p className="text-slate-700">{member.phone}</p> : null}
            </li>
          ))}
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-start justify-between gap-2 p-3 text-sm">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">
                  <Data>{invitation.name}</Data>
                </p>
                {invitation.email ? <p className="break-all text-slate-700">{invitation.email}</p> : null}
                {invitation.phone ? <p className="text-slate-700">{invitation.phone}</p> : null}
                <p className="text-slate-600">{t("Invited: joins when they first sign in.")}</p>
              </div>
              {canInvite ? (
                <Form method="post">
                  <input type="hidden" name="intent" value={CANCEL_INVITATION} />
                  <input type="hidden" name="invitation" value={invitation.id} />
                  <button
                    type="submit"
                    className={buttonClass({ variant: "outline", size: "sm" })}
                    disabled={busy}
                    aria-label={t("Cancel invitation for {name}", { name: invitation.name })}
                  >
                    {t("Cancel invitation")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {canInvite ? (
        <section aria-labelledby="add-colleague" className="flex max-w-md flex-col gap-3">
          <h2 id="add-colleague" className="text-lg font-semibold text-slate-900">
            {t("Add a colleague")}
          </h2>
          <p className="text-sm text-slate-700">
            {phone
              ? t("They sign in with their e-mail address or mobile number and a code we send them.")
              : t("They sign in with their e-mail address and a code we send them.")}
          </p>
          {actionData && "done" in actionData ? (
            <p
              role="status"
              className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900"
            >
              {actionData.done}
            </p>
          ) : null}
          <Form
            method="post"
            noValidate
            aria-labelledby="add-colleague"
            className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
            key={typed ? JSON.stringify(typed) : "empty"}
          >
            <input type="hidden" name="intent" value={INVITE_COLLEAGUE} />
            <div>
              <Label htmlFor="colleague-name">{t("Name")}</Label>
              <Input
                id="colleague-name"
                name="name"
                autoComplete="off"
                maxLength={200}
                defaultValue={typed?.name}
              />
            </div>
            <div>
              <Label htmlFor="colleague-email">{t("E-mail address")}</Label>
              <Input
                id="colleague-email"
                name="email"
                type="email"
                inputMode="email"
                autoComplete="off"
                defaultValue={typed?.email}
              />
            </div>
            {phone ? (
              <div>
                <Label htmlFor="colleague-phone">{t("Mobile number")}</Label>
                <Input
                  id="colleague-phone"
                  name="phone"
                  type="tel"
                  autoComplete="off"
                  defaultValue={typed?.phone}
                />
              </div>
            ) : null}
            <FieldError id="colleague-error" errors={error ? [error] : null} />
            <button type="submit" className={buttonClass({ className: "w-full sm:w-auto" })} disabled={busy}>
              {t("Add colleague")}
            </button>
          </Form>
        </section>
      ) : (
        <p className="text-sm text-slate-700">
          {inviterName ? (
            <Filled
              text={t("Ask {name} or us to add a colleague.", { name: SLOT })}
              value={<Data>{inviterName}</Data>}
            />
          ) : (
            t("Ask your colleagues or us to add a colleague.")
          )}
        </p>
      )}
    </div>
  );
}
