import { Form, useNavigation } from "react-router";
import { Data, Filled, SLOT } from "#app/components/account/filled.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { FieldError, Input, Label } from "#app/components/ui/field.tsx";
import { useT } from "#app/lib/i18n/use-words.ts";
import {
  COLLEAGUE_INTENTS,
  type ColleaguesPageData,
  type ColleaguesReply,
} from "#app/server/customers/customer-colleague-views.ts";

/** Who of the company may sign in, the invitations waiting, and 'Add a colleague' for a member who may invite. */
export function ColleaguesPage({
  data,
  reply,
}: {
  data: ColleaguesPageData;
  reply: ColleaguesReply | undefined;
}) {
  const { members, invitations, canInvite, inviterName, phone } = data;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const error = reply && "error" in reply ? reply.error : null;
  const typed = reply && "error" in reply ? reply.values : null;
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
                  <input type="hidden" name="intent" value={COLLEAGUE_INTENTS.cancel} />
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
          {reply && "done" in reply ? (
            <p
              role="status"
              className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900"
            >
              {reply.done}
            </p>
          ) : null}
          <Form
            method="post"
            noValidate
            aria-labelledby="add-colleague"
            className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
            key={typed ? JSON.stringify(typed) : "empty"}
          >
            <input type="hidden" name="intent" value={COLLEAGUE_INTENTS.invite} />
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
