import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Ban, RotateCcw, Trash2, UserPlus } from "lucide-react";
import { Form } from "react-router";
import { FormAlert, INTENT, TextField, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { ConfirmDialog } from "#app/components/ui/dialog.tsx";
import { Field, Label, Select } from "#app/components/ui/field.tsx";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "#app/lib/roles.ts";
import { inviteStaffSchema } from "#app/schemas/admin-user.ts";

export const INVITE_STAFF_INTENT = "invite-staff";
export const CHANGE_ROLE_INTENT = "change-role";
export const DISABLE_STAFF_INTENT = "disable-staff";
export const ENABLE_STAFF_INTENT = "enable-staff";
export const REMOVE_STAFF_INTENT = "remove-staff";

type StaffAccount = {
  id: string;
  email: string;
  name: string | null;
  role: StaffRole;
  disabled: boolean;
  mustChangePassword: boolean;
  lastLogin: string;
  isYou: boolean;
};

/** The Staff page (decision 019): who may sign in, with which role; add a person, change a role, disable. */
export function StaffPage({
  accounts,
  inviteHours,
  lastResult,
}: {
  accounts: StaffAccount[];
  inviteHours: number;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const activeAdministrators = accounts.filter((a) => a.role === "administrator" && !a.disabled).length;
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
          <dl className="grid gap-1 text-sm text-slate-600">
            {STAFF_ROLES.map((role) => (
              <div key={role} className="flex flex-wrap gap-x-1">
                <dt className="font-semibold text-slate-800">{ROLE_LABELS[role]}:</dt>
                <dd>{ROLE_DESCRIPTIONS[role]}</dd>
              </div>
            ))}
          </dl>
        </CardHeader>
        <CardContent>
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
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <InviteForm lastResult={lastResult} inviteHours={inviteHours} />
        </CardContent>
      </Card>
    </div>
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
        {account.isYou || lastAdministrator ? null : account.disabled ? (
          <>
            <Form method="post">
              <input type="hidden" name={INTENT} value={ENABLE_STAFF_INTENT} />
              <input type="hidden" name="userId" value={account.id} />
              <Button type="submit" variant="outline">
                <RotateCcw aria-hidden="true" className="size-4" />
                Enable<span className="sr-only"> {who}</span>
              </Button>
            </Form>
            <RemoveAccount account={account} who={who} />
          </>
        ) : (
          <DisableAccount account={account} who={who} />
        )}
      </div>
    </li>
  );
}

function DisableAccount({ account, who }: { account: StaffAccount; who: string }) {
  const submitting = useSubmitting(DISABLE_STAFF_INTENT);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className="text-red-700 hover:bg-red-50">
          <Ban aria-hidden="true" className="size-4" />
          Disable<span className="sr-only"> {who}</span>
        </Button>
      }
      title={`Disable ${who}?`}
      description={`${account.email} will no longer be able to sign in, and any session of this account ends now. You can enable it again later.`}
    >
      <Form method="post">
        <input type="hidden" name={INTENT} value={DISABLE_STAFF_INTENT} />
        <input type="hidden" name="userId" value={account.id} />
        <Button type="submit" variant="danger" className="w-full" disabled={submitting}>
          {submitting ? "Disabling..." : "Disable Account"}
        </Button>
      </Form>
    </ConfirmDialog>
  );
}

function RemoveAccount({ account, who }: { account: StaffAccount; who: string }) {
  const submitting = useSubmitting(REMOVE_STAFF_INTENT);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" className="text-red-700 hover:bg-red-50">
          <Trash2 aria-hidden="true" className="size-4" />
          Remove<span className="sr-only"> {who}</span>
        </Button>
      }
      title="Are you sure?"
      description={`The account of ${account.email} will be removed for good.`}
    >
      <Form method="post">
        <input type="hidden" name={INTENT} value={REMOVE_STAFF_INTENT} />
        <input type="hidden" name="userId" value={account.id} />
        <Button type="submit" variant="danger" className="w-full" disabled={submitting}>
          {submitting ? "Removing..." : "Remove Account"}
        </Button>
      </Form>
    </ConfirmDialog>
  );
}

function InviteForm({
  lastResult,
  inviteHours,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  inviteHours: number;
}) {
  const submitting = useSubmitting(INVITE_STAFF_INTENT);
  const [form, fields] = useForm({
    id: "invite-staff-form",
    lastResult,
    defaultValue: { role: "operations" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteStaffSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const { key: roleKey, ...roleProps } = getSelectProps(fields.role);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      aria-labelledby="invite-staff-title"
      className="flex flex-col gap-4"
    >
      <div>
        <h2 id="invite-staff-title" className="text-lg font-semibold text-slate-900">
          Add a person
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          They get an e-mail with a link to choose their password. The link works once and is valid for{" "}
          {inviteHours} hours; after that, they can use 'Forgot password?' on the login page.
        </p>
      </div>
      <input type="hidden" name={INTENT} value={INVITE_STAFF_INTENT} />
      <FormAlert errors={form.errors} id={form.errorId} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={fields.name} label="Name" autoComplete="off" maxLength={100} required />
        <TextField
          meta={fields.email}
          label="Email"
          type="email"
          autoComplete="off"
          maxLength={254}
          required
        />
        <Field
          label="Role"
          htmlFor={fields.role.id}
          errors={fields.role.errors}
          errorId={fields.role.errorId}
          className="sm:col-span-2"
        >
          <Select key={roleKey} {...roleProps}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Button type="submit" className="self-start" disabled={submitting}>
        <UserPlus aria-hidden="true" className="size-4" />
        {submitting ? "Adding..." : "Add Person"}
      </Button>
    </Form>
  );
}
