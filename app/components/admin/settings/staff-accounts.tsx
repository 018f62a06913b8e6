import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Trash2, UserPlus } from "lucide-react";
import { Form } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/dialog.tsx";
import { Table, TBody, TD, TH, THead, TR } from "#app/components/ui/table.tsx";
import { createAdminUserSchema } from "#app/schemas/admin-user.ts";
import { PASSWORD_MIN_LENGTH } from "#app/schemas/password.ts";
import { FormAlert, INTENT, TextField, useSubmitting } from "#app/components/admin/form-fields.tsx";

export const ADD_USER_INTENT = "add-user";
export const REMOVE_USER_INTENT = "remove-user";

type StaffAccount = {
  id: string;
  email: string;
  name: string | null;
  lastLogin: string;
  mustChangePassword: boolean;
  isYou: boolean;
};

/** The staff accounts: who can sign in, and a way to add or remove one. */
export function StaffAccounts({
  accounts,
  lastResult,
}: {
  accounts: StaffAccount[];
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const canRemove = accounts.length > 1;
  return (
    <div className="flex flex-col gap-6">
      <Table>
        <caption className="sr-only">Staff accounts</caption>
        <THead>
          <tr>
            <TH>Email</TH>
            <TH>Name</TH>
            <TH>Last login</TH>
            <TH>
              <span className="sr-only">Actions</span>
            </TH>
          </tr>
        </THead>
        <TBody>
          {accounts.map((account) => (
            <TR key={account.id}>
              <TD className="break-all text-slate-900">
                {account.email}
                {account.isYou ? <span className="ml-2 text-slate-600">(you)</span> : null}
                {account.mustChangePassword ? (
                  <Badge tone="amber" className="ml-2">
                    Temporary password
                  </Badge>
                ) : null}
              </TD>
              <TD>{account.name || "-"}</TD>
              <TD className="whitespace-nowrap">{account.lastLogin}</TD>
              <TD className="text-right">
                {canRemove && !account.isYou ? <RemoveAccount account={account} /> : null}
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <AddAccountForm lastResult={lastResult} />
    </div>
  );
}

function RemoveAccount({ account }: { account: StaffAccount }) {
  const submitting = useSubmitting(REMOVE_USER_INTENT);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
          <Trash2 aria-hidden="true" className="size-4" />
          Remove<span className="sr-only"> {account.email}</span>
        </Button>
      }
      title="Are you sure?"
      description={`${account.email} will no longer be able to sign in, and any session of this account ends now.`}
    >
      <Form method="post">
        <input type="hidden" name={INTENT} value={REMOVE_USER_INTENT} />
        <input type="hidden" name="userId" value={account.id} />
        <Button type="submit" variant="danger" className="w-full" disabled={submitting}>
          {submitting ? "Removing..." : "Remove Account"}
        </Button>
      </Form>
    </ConfirmDialog>
  );
}

function AddAccountForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null | undefined }) {
  const submitting = useSubmitting(ADD_USER_INTENT);
  const [form, fields] = useForm({
    id: "add-account-form",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createAdminUserSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      aria-labelledby="add-account-title"
      className="flex flex-col gap-4"
    >
      <h3 id="add-account-title" className="text-base font-semibold text-slate-900">
        Add an account
      </h3>
      <input type="hidden" name={INTENT} value={ADD_USER_INTENT} />
      <FormAlert errors={form.errors} id={form.errorId} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          meta={fields.email}
          label="Email"
          type="email"
          autoComplete="off"
          maxLength={254}
          required
        />
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
      </div>
      <Button type="submit" className="self-start" disabled={submitting}>
        <UserPlus aria-hidden="true" className="size-4" />
        {submitting ? "Adding..." : "Add Account"}
      </Button>
    </Form>
  );
}
