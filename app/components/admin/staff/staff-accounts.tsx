import {
  type FieldMetadata,
  getFormProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Ban, RotateCcw, Trash2, UserPlus } from "lucide-react";
import type { ReactElement } from "react";
import { Form } from "react-router";
import { FormAlert, INTENT, TextField, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { ConfirmDialog } from "#app/components/ui/dialog.tsx";
import { Field, Label, Select } from "#app/components/ui/field.tsx";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, STAFF_ROLES } from "#app/lib/roles.ts";
import { createAdminUserSchema, inviteStaffSchema, STAFF_INTENTS } from "#app/schemas/admin-user.ts";
import { PASSWORD_MIN_LENGTH } from "#app/schemas/password.ts";
import type { StaffAccountView as StaffAccount } from "#app/server/staff/staff-views.ts";

const {
  addWithPassword: ADD_USER_INTENT,
  invite: INVITE_STAFF_INTENT,
  changeRole: CHANGE_ROLE_INTENT,
  disable: DISABLE_STAFF_INTENT,
  enable: ENABLE_STAFF_INTENT,
  remove: REMOVE_STAFF_INTENT,
} = STAFF_INTENTS;

type Result = SubmissionResult<string[]> | null | undefined;

/**
 * The staff accounts, the same on Settings → Staff Accounts and on the Staff page: each person with their role
 * (changed here), disable or enable, remove; and a form to add one, with the role chosen: with a temporary
 * password (Settings) or by an e-mailed set-password link (Staff).
 */
export function StaffAccounts({
  accounts,
  add,
  inviteHours = 0,
  lastResult,
}: {
  accounts: StaffAccount[];
  add: "temporary-password" | "invite";
  inviteHours?: number;
  lastResult: Result;
}) {
  const activeAdministrators = accounts.filter((a) => a.role === "administrator" && !a.disabled).length;
  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-col divide-y divide-slate-200" aria-label="Staff accounts">
        {accounts.map((account) => (
          <StaffRow
            key={account.id}
            account={account}
            lastAdministrator={
              account.role === "administrator" && !account.disabled && activeAdministrators <= 1
            }
          />
        ))}
      </ul>
      <div className="border-t border-slate-200 pt-6">
        <AddAccountForm mode={add} lastResult={lastResult} inviteHours={inviteHours} />
      </div>
    </div>
  );
}

/** The Staff page (decision 019): who may sign in, with which role; add a person, change a role, disable. */
export function StaffPage({
  accounts,
  inviteHours,
  lastResult,
}: {
  accounts: StaffAccount[];
  inviteHours: number;
  lastResult: Result;
}) {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Staff</h1>
        <p className="mt-1 text-slate-600">
          Who can sign in to the admin area, and what each person may use.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Staff Accounts</CardTitle>
          <RoleDescriptions />
        </CardHeader>
        <CardContent>
          <StaffAccounts accounts={accounts} add="invite" inviteHours={inviteHours} lastResult={lastResult} />
        </CardContent>
      </Card>
    </div>
  );
}

/** What each role may use. */
export function RoleDescriptions() {
  return (
    <dl className="grid gap-1 text-sm text-slate-600">
      {STAFF_ROLES.map((role) => (
        <div key={role} className="flex flex-wrap gap-x-1">
          <dt className="font-semibold text-slate-800">{ROLE_LABELS[role]}:</dt>
          <dd>{ROLE_DESCRIPTIONS[role]}</dd>
        </div>
      ))}
    </dl>
  );
}

function StaffRow({ account, lastAdministrator }: { account: StaffAccount; lastAdministrator: boolean }) {
  const who = account.name || account.email;
  const roleId = `role-${account.id}`;
  return (
    <li className="flex flex-col gap-3 py-4 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-900">
          {who}
          {account.isYou ? <span className="ml-2 font-normal text-slate-600">(you)</span> : null}
        </p>
        {account.name ? <p className="text-sm break-all text-slate-600">{account.email}</p> : null}
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Badge tone="blue">{ROLE_LABELS[account.role]}</Badge>
          {account.disabled ? <Badge tone="red">Disabled</Badge> : <Badge tone="green">Active</Badge>}
          {account.mustChangePassword ? <Badge tone="amber">Temporary password</Badge> : null}
          <span>Last login: {account.lastLogin}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        {lastAdministrator ? (
          <p className="text-sm text-slate-600">The last Administrator keeps this role.</p>
        ) : (
          <Form method="post" className="flex items-end gap-2">
            <input type="hidden" name={INTENT} value={CHANGE_ROLE_INTENT} />
            <input type="hidden" name="userId" value={account.id} />
            <div>
              <Label htmlFor={roleId}>
                Role<span className="sr-only"> of {who}</span>
              </Label>
              <Select id={roleId} name="role" defaultValue={account.role} className="w-40">
                {STAFF_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </Select>
            </div>
            <Button type="submit" variant="outline">
              Change role<span className="sr-only"> of {who}</span>
            </Button>
          </Form>
        )}
        {account.isYou || lastAdministrator ? null : (
          <>
            {account.disabled ? (
              <Form method="post">
                <input type="hidden" name={INTENT} value={ENABLE_STAFF_INTENT} />
                <input type="hidden" name="userId" value={account.id} />
                <Button type="submit" variant="outline">
                  <RotateCcw aria-hidden="true" className="size-4" />
                  Enable<span className="sr-only"> {who}</span>
                </Button>
              </Form>
            ) : (
              <DisableAccount account={account} who={who} />
            )}
            <RemoveAccount account={account} who={who} />
          </>
        )}
      </div>
    </li>
  );
}

function DisableAccount({ account, who }: { account: StaffAccount; who: string }) {
  return (
    <ConfirmAccountChange
      account={account}
      intent={DISABLE_STAFF_INTENT}
      trigger={
        <Button variant="outline" className="text-red-700 hover:bg-red-50">
          <Ban aria-hidden="true" className="size-4" />
          Disable<span className="sr-only"> {who}</span>
        </Button>
      }
      title={`Disable ${who}?`}
      description={`${account.email} will no longer be able to sign in, and any session of this account ends now. You can enable it again later.`}
      confirm={["Disable Account", "Disabling..."]}
    />
  );
}

function RemoveAccount({ account, who }: { account: StaffAccount; who: string }) {
  return (
    <ConfirmAccountChange
      account={account}
      intent={REMOVE_STAFF_INTENT}
      trigger={
        <Button variant="ghost" className="text-red-700 hover:bg-red-50">
          <Trash2 aria-hidden="true" className="size-4" />
          Remove<span className="sr-only"> {who}</span>
        </Button>
      }
      title="Are you sure?"
      description={`The account of ${account.email} will be removed for good.`}
      confirm={["Remove Account", "Removing..."]}
    />
  );
}

/** A change to one account that is asked again first: its button opens a dialog whose button sends the form. */
function ConfirmAccountChange({
  account,
  intent,
  trigger,
  title,
  description,
  confirm: [label, busyLabel],
}: {
  account: StaffAccount;
  intent: string;
  trigger: ReactElement;
  title: string;
  description: string;
  /** The dialog's button, and what it says while the form is sent. */
  confirm: [string, string];
}) {
  const submitting = useSubmitting(intent);
  return (
    <ConfirmDialog trigger={trigger} title={title} description={description}>
      <Form method="post">
        <input type="hidden" name={INTENT} value={intent} />
        <input type="hidden" name="userId" value={account.id} />
        <Button type="submit" variant="danger" className="w-full" disabled={submitting}>
          {submitting ? busyLabel : label}
        </Button>
      </Form>
    </ConfirmDialog>
  );
}

/** The role of a new account, chosen (Operations first shown): never an Administrator unless chosen. */
function RoleSelect({ meta }: { meta: FieldMetadata<string> }) {
  const { key, ...props } = getSelectProps(meta);
  return (
    <Field
      label="Role"
      htmlFor={meta.id}
      errors={meta.errors}
      errorId={meta.errorId}
      className="sm:col-span-2"
    >
      <Select key={key} {...props}>
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role]}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/**
 * Adds a person with the role chosen: by an e-mailed set-password link (the Staff page, 'Add a person'), or with a
 * temporary password to hand over, changed at first login (Settings, 'Add an account').
 */
function AddAccountForm({
  mode,
  lastResult,
  inviteHours,
}: {
  mode: "invite" | "temporary-password";
  lastResult: Result;
  inviteHours: number;
}) {
  const invite = mode === "invite";
  const intent = invite ? INVITE_STAFF_INTENT : ADD_USER_INTENT;
  const submitting = useSubmitting(intent);
  const [form, fields] = useForm({
    id: invite ? "invite-staff-form" : "add-account-form",
    lastResult,
    defaultValue: { role: "operations" },
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: invite ? inviteStaffSchema : createAdminUserSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const titleId = invite ? "invite-staff-title" : "add-account-title";
  const email = (
    <TextField meta={fields.email} label="Email" type="email" autoComplete="off" maxLength={254} required />
  );
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      aria-labelledby={titleId}
      className="flex flex-col gap-4"
    >
      {invite ? (
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Add a person
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            They get an e-mail with a link to choose their password. The link works once and is valid for{" "}
            {inviteHours} hours; after that, they can use 'Forgot password?' on the login page.
          </p>
        </div>
      ) : (
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          Add an account
        </h3>
      )}
      <input type="hidden" name={INTENT} value={intent} />
      <FormAlert errors={form.errors} id={form.errorId} />
      <div className="grid gap-4 sm:grid-cols-2">
        {invite ? (
          <>
            <TextField meta={fields.name} label="Name" autoComplete="off" maxLength={100} required />
            {email}
          </>
        ) : (
          <>
            {email}
            <TextField meta={fields.name} label="Name (optional)" autoComplete="off" maxLength={100} />
            <TextField
              meta={fields.password}
              label="Temporary password"
              type="password"
              autoComplete="new-password"
              hint={`At least ${PASSWORD_MIN_LENGTH} characters. Give it to the new colleague; they must change it at first login.`}
              maxLength={256}
              required
              className="sm:col-span-2"
            />
          </>
        )}
        <RoleSelect meta={fields.role} />
      </div>
      <Button type="submit" className="self-start" disabled={submitting}>
        <UserPlus aria-hidden="true" className="size-4" />
        {submitting ? "Adding..." : invite ? "Add Person" : "Add Account"}
      </Button>
    </Form>
  );
}
