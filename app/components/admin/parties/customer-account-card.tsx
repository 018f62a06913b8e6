import { Form, Link } from "react-router";
import { FormAlert, INTENT, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { ConfirmDialog } from "#app/components/ui/dialog.tsx";
import { Field, Input, Select } from "#app/components/ui/field.tsx";
import {
  type CustomerAccountActionData,
  type CustomerAccountCardData,
  type CustomerAccountIntent,
  CUSTOMER_ACCOUNT_INTENTS as INTENTS,
} from "#app/server/customers/customer-account-views.ts";

/**
 * 'Customer account' on a party's page (decision 029): the company the party belongs to, its parties and the
 * people who may sign in, and the staff's forms: invite, remove, the party's own sign-in switch, and joining
 * another shipper or consignee to the account. Plain forms: they work without JavaScript.
 */
export function CustomerAccountCard({
  partyId,
  account,
  actionData,
}: {
  partyId: string;
  account: CustomerAccountCardData;
  actionData: CustomerAccountActionData | undefined;
}) {
  const refusal = (intent: CustomerAccountIntent) =>
    actionData?.account.intent === intent ? [actionData.account.message] : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="customer-account-title">Customer account</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {account.companyName ? (
          <p className="text-sm text-slate-700">
            Account of <span className="font-semibold text-slate-900">{account.companyName}</span>: its people
            see the shipments, quotes and invoices of the contacts below.
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            Nobody has signed in for this contact yet. Invite someone, and their account is made.
          </p>
        )}

        {account.parties.length > 0 ? (
          <AccountParties account={account} refusal={refusal(INTENTS.removeParty)} />
        ) : null}

        <section aria-labelledby="customer-members-title" className="flex flex-col gap-2">
          <h3 id="customer-members-title" className="text-sm font-semibold text-slate-900">
            People who may sign in
          </h3>
          <FormAlert id="remove-member-error" errors={refusal(INTENTS.remove)} />
          {account.members.length === 0 ? (
            <p className="text-sm text-slate-600">Nobody yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
              {account.members.map((member) => (
                <li
                  key={member.id}
                  className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0 text-sm">
                    <p className="break-words font-medium text-slate-900">
                      {member.name}{" "}
                      {member.canInvite ? <Badge tone="green">May invite colleagues</Badge> : null}
                    </p>
                    {member.email ? <p className="break-all text-slate-700">{member.email}</p> : null}
                    {member.phone ? <p className="text-slate-700">{member.phone}</p> : null}
                    <p className="text-slate-600">
                      {member.lastSignIn ? `Last signed in ${member.lastSignIn}` : "Has not signed in yet"}
                    </p>
                  </div>
                  <RemoveMember id={member.id} name={member.name} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <InviteForm account={account} actionData={actionData} refusal={refusal(INTENTS.invite)} />

        <SelfSignIn account={account} refusal={refusal(INTENTS.selfSignIn)} />

        <AddParty partyId={partyId} account={account} refusal={refusal(INTENTS.addParty)} />
      </CardContent>
    </Card>
  );
}

function AccountParties({
  account,
  refusal,
}: {
  account: CustomerAccountCardData;
  refusal: string[] | undefined;
}) {
  const submitting = useSubmitting(INTENTS.removeParty);
  return (
    <section aria-labelledby="customer-parties-title" className="flex flex-col gap-2">
      <h3 id="customer-parties-title" className="text-sm font-semibold text-slate-900">
        Contacts in this account
      </h3>
      <FormAlert id="remove-party-error" errors={refusal} />
      <ul className="flex flex-col gap-1 text-sm">
        {account.parties.map((party) => (
          <li key={party.key} className="flex flex-wrap items-center gap-2">
            <Badge tone="blue">{party.kindLabel}</Badge>
            {party.current ? (
              <span className="font-medium text-slate-900">{party.name} (this contact)</span>
            ) : (
              <>
                <Link
                  to={`/admin/parties/${party.id}`}
                  className="text-brand-700 underline-offset-4 hover:underline"
                >
                  {party.name}
                </Link>
                {account.parties.length > 1 ? (
                  <Form method="post">
                    <input type="hidden" name={INTENT} value={INTENTS.removeParty} />
                    <input type="hidden" name="party" value={party.key} />
                    <Button type="submit" variant="ghost" size="sm" disabled={submitting}>
                      Take out<span className="sr-only"> {party.name}</span>
                    </Button>
                  </Form>
                ) : null}
              </>
            )}
            {party.company && party.company !== party.name ? (
              <span className="text-slate-600">{party.company}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RemoveMember({ id, name }: { id: string; name: string }) {
  const submitting = useSubmitting(INTENTS.remove);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="self-start text-red-700 hover:bg-red-50 sm:self-auto">
          Remove<span className="sr-only"> {name}</span>
        </Button>
      }
      title={`Remove ${name}?`}
      description={`${name} is signed out at once and can no longer sign in to this account. You can invite them again later.`}
    >
      <Form method="post">
        <input type="hidden" name={INTENT} value={INTENTS.remove} />
        <input type="hidden" name="memberId" value={id} />
        <Button type="submit" variant="danger" className="w-full" disabled={submitting}>
          {submitting ? "Removing..." : "Remove"}
        </Button>
      </Form>
    </ConfirmDialog>
  );
}

function InviteForm({
  account,
  actionData,
  refusal,
}: {
  account: CustomerAccountCardData;
  actionData: CustomerAccountActionData | undefined;
  refusal: string[] | undefined;
}) {
  const submitting = useSubmitting(INTENTS.invite);
  // After a refused post, what was typed; otherwise the party's own name, e-mail and mobile number.
  const typed = actionData?.account.intent === INTENTS.invite ? actionData.account.values : undefined;
  const values = typed
    ? { name: typed.name ?? "", email: typed.email ?? "", phone: typed.phone ?? "" }
    : account.inviteDefaults;
  return (
    <section aria-labelledby="invite-member-title" className="flex flex-col gap-3">
      <h3 id="invite-member-title" className="text-sm font-semibold text-slate-900">
        Invite to customer account
      </h3>
      <Form
        method="post"
        aria-labelledby="invite-member-title"
        className="flex flex-col gap-3"
        key={JSON.stringify(values)}
      >
        <input type="hidden" name={INTENT} value={INTENTS.invite} />
        <FormAlert id="invite-member-error" errors={refusal} />
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Name" htmlFor="invite-name" errorId="invite-name-error">
            <Input
              id="invite-name"
              name="name"
              defaultValue={values.name}
              maxLength={200}
              autoComplete="off"
            />
          </Field>
          <Field label="E-mail" htmlFor="invite-email" errorId="invite-email-error">
            <Input
              id="invite-email"
              name="email"
              type="email"
              defaultValue={values.email}
              autoComplete="off"
            />
          </Field>
          {account.textMessages ? (
            <Field label="Mobile number" htmlFor="invite-phone" errorId="invite-phone-error">
              <Input
                id="invite-phone"
                name="phone"
                type="tel"
                defaultValue={values.phone}
                autoComplete="off"
              />
            </Field>
          ) : null}
        </div>
        <p className="text-sm text-slate-600">
          They get a message saying how to sign in: with this e-mail address
          {account.textMessages ? " (or this mobile number)" : ""} and a code we send each time.
        </p>
        <div>
          <Button type="submit" disabled={submitting}>
            {submitting ? "Sending..." : "Invite to customer account"}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function SelfSignIn({
  account,
  refusal,
}: {
  account: CustomerAccountCardData;
  refusal: string[] | undefined;
}) {
  const submitting = useSubmitting(INTENTS.selfSignIn);
  return (
    <section aria-labelledby="self-sign-in-title" className="flex flex-col gap-2">
      <h3 id="self-sign-in-title" className="text-sm font-semibold text-slate-900">
        May sign in by themselves
      </h3>
      <FormAlert id="self-sign-in-error" errors={refusal} />
      <p className="text-sm wrap-anywhere text-slate-700">
        {account.ownAddresses
          ? account.selfSignIn
            ? `On: ${account.ownAddresses} (this contact's own details) may ask for a sign-in code without an invitation.`
            : `Off: ${account.ownAddresses} gets no sign-in code unless someone with it was invited.`
          : "This contact has no e-mail address or phone number."}
      </p>
      <Form method="post">
        <input type="hidden" name={INTENT} value={INTENTS.selfSignIn} />
        <input type="hidden" name="enabled" value={account.selfSignIn ? "false" : "true"} />
        <Button
          type="submit"
          variant="outline"
          size="sm"
          role="switch"
          aria-checked={account.selfSignIn}
          aria-label="May sign in by themselves"
          disabled={submitting}
        >
          {account.selfSignIn ? "Turn off" : "Turn on"}
        </Button>
      </Form>
    </section>
  );
}

function AddParty({
  partyId,
  account,
  refusal,
}: {
  partyId: string;
  account: CustomerAccountCardData;
  refusal: string[] | undefined;
}) {
  const submitting = useSubmitting(INTENTS.addParty);
  const search = account.partySearch;
  return (
    <section aria-labelledby="add-party-title" className="flex flex-col gap-3">
      <h3 id="add-party-title" className="text-sm font-semibold text-slate-900">
        Add another party to this account
      </h3>
      <p className="text-sm text-slate-600">
        The same company as consignee, or a branch: its shipments join this account.
      </p>
      <Form
        method="get"
        action={`/admin/parties/${partyId}`}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <Field
          label="Find a shipper or consignee"
          htmlFor="account-search"
          errorId="account-search-error"
          className="grow"
        >
          <Input
            id="account-search"
            name="accountSearch"
            type="search"
            defaultValue={search?.q ?? ""}
            maxLength={100}
          />
        </Field>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </Form>
      <FormAlert id="add-party-error" errors={refusal} />
      {search?.q ? (
        search.matches.length === 0 ? (
          <p className="text-sm text-slate-600">No other shipper or consignee matches “{search.q}”.</p>
        ) : (
          <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <input type="hidden" name={INTENT} value={INTENTS.addParty} />
            <Field
              label="Party to add"
              htmlFor="account-party"
              errorId="account-party-error"
              className="grow"
            >
              <Select id="account-party" name="party">
                {search.matches.map((match) => (
                  <option key={match.key} value={match.key}>
                    {match.name}
                    {match.company && match.company !== match.name ? ` (${match.company})` : ""} ·{" "}
                    {match.kindLabel}
                  </option>
                ))}
              </Select>
            </Field>
            <Button type="submit" disabled={submitting}>
              {submitting ? "Adding..." : "Add to this account"}
            </Button>
          </Form>
        )
      ) : null}
    </section>
  );
}
