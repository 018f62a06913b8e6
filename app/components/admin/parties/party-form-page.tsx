import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert, INTENT, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { LoadingLine } from "#app/components/admin/loading-line.tsx";
import { CustomerAccountCard } from "#app/components/admin/parties/customer-account-card.tsx";
import { DeletePartyDialog } from "#app/components/admin/parties/delete-party-dialog.tsx";
import { PartyShipments } from "#app/components/admin/parties/party-shipments.tsx";
import { echoedValues, PartyFields } from "#app/components/admin/shipments/shipment-party-fields.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { FieldError, Label, Select } from "#app/components/ui/field.tsx";
import { PARTY_INTENTS, PARTY_ROLE_LABELS, PARTY_ROLES, type PartyRole } from "#app/schemas/party-admin.ts";
import { partyCreateSchema, partyUpdateSchema } from "#app/schemas/party-form.ts";
import { PARTY_LANGUAGE_LABELS, PARTY_LANGUAGES } from "#app/schemas/party-language.ts";
import type { CustomerAccountActionData } from "#app/server/customers/customer-account-views.ts";
import type { PartyActionData, PartyFormData } from "#app/server/parties/party-views.ts";

/**
 * A party of the address book: a new one (/admin/parties/new, shipper or consignee chosen on the form) or an
 * existing one (/admin/parties/:id: its form, the shipments it is on, 'Delete from database').
 */
export function PartyFormPage(
  props: PartyFormData & { actionData: PartyActionData | CustomerAccountActionData | undefined },
) {
  const { party, role, values, actionData } = props;
  const navigation = useNavigation();
  const saving = useSubmitting(PARTY_INTENTS.save);
  const reply = actionData && "result" in actionData ? actionData.result : undefined;
  const accountReply = actionData && "account" in actionData ? actionData : undefined;
  // Checked in the browser with the server's schema (on blur, then as typed); the server checks again.
  const [form, fields] = useForm({
    id: party ? `party-${party.id}` : "party-new",
    lastResult: reply,
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: party ? partyUpdateSchema : partyCreateSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const errors = {
    name: fields.name.errors ?? null,
    company: fields.company.errors ?? null,
    email: fields.email.errors ?? null,
    phone: fields.phone.errors ?? null,
    address: fields.address.errors ?? null,
  };
  // After a refused post without JavaScript, the form shows what was typed.
  const echoed = reply?.initialValue ? echoedValues(reply.initialValue) : null;
  const defaults = echoed ?? values;
  const chosenRole = PARTY_ROLES.find((value) => value === echoed?.role) ?? role;
  const labels = PARTY_ROLE_LABELS[role];
  const loading =
    navigation.state === "loading" &&
    !navigation.formData &&
    party !== null &&
    navigation.location.pathname === `/admin/parties/${party.id}`;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <Link
            to={`/admin/parties?role=${role}`}
            className={buttonClass({ variant: "ghost", size: "sm", className: "-ml-3" })}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to address book
          </Link>
          <h1 className="mt-2 break-words text-3xl font-bold text-slate-900">
            {party ? party.name : "New Contact"}
          </h1>
          {party ? (
            <p className="mt-2 flex flex-wrap items-center gap-3">
              <Badge tone="blue">{labels.one}</Badge>
              <span className="text-sm text-slate-700">
                Messages and documents in {values.language === "fr" ? "French" : "English"}
              </span>
              {"statementUrl" in props && props.statementUrl ? (
                <Link
                  to={props.statementUrl}
                  className="text-sm text-brand-700 underline-offset-4 hover:underline"
                >
                  Statement of account
                </Link>
              ) : null}
            </p>
          ) : null}
        </div>
        {party && "shipments" in props ? (
          <div className="shrink-0">
            <DeletePartyDialog
              name={party.name}
              role={role}
              shipmentCount={props.shipments.total}
              label="Delete from database"
            />
          </div>
        ) : null}
      </div>
      <LoadingLine loading={loading} />

      <Card>
        <CardHeader>
          <CardTitle id="party-details-title">Contact details</CardTitle>
        </CardHeader>
        <CardContent>
          <Form
            method="post"
            {...getFormProps(form)}
            aria-labelledby="party-details-title"
            className="flex flex-col gap-4"
            // A saved party's new values replace what the inputs started with.
            key={party ? JSON.stringify(values) : "new"}
          >
            <input type="hidden" name={INTENT} value={PARTY_INTENTS.save} />
            <FormAlert id={form.errorId} errors={form.errors} />
            {party ? null : <RoleChoice role={chosenRole} errors={form.allErrors.role} />}
            <PartyFields idPrefix="party" defaults={defaults} errors={errors} />
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="noReminders"
                defaultChecked={echoed ? echoed.noReminders === "on" : values.noReminders}
                className="mt-1 size-4"
              />
              <span>No reminders: do not e-mail this customer reminders about unpaid invoices</span>
            </label>
            <LanguageChoice
              isNew={party === null}
              language={echoed ? (echoed.language ?? "") : values.language}
              errors={fields.language.errors}
            />
            {"phoneChannels" in props && props.phoneChannels ? (
              <p className="text-sm text-slate-600">
                Messages to {props.party.phone}: {props.phoneChannels}
              </p>
            ) : null}
            <div>
              <Button type="submit" disabled={saving}>
                {saving ? "Saving..." : party ? `Save ${labels.one}` : "Add Contact"}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>

      {party && "account" in props ? (
        <CustomerAccountCard partyId={party.id} account={props.account} actionData={accountReply} />
      ) : null}

      {party && "shipments" in props ? <PartyShipments role={role} {...props.shipments} /> : null}
    </div>
  );
}

/**
 * The language the party's messages and documents go in (decision 030). A new party may leave it to its phone:
 * French for a number of Côte d'Ivoire, Guinea, Senegal, Togo, Benin, Mali, Burkina Faso or Niger.
 */
function LanguageChoice({
  isNew,
  language,
  errors,
}: {
  isNew: boolean;
  language: string;
  errors: string[] | null | undefined;
}) {
  const invalid = errors?.length ? true : undefined;
  return (
    <div className="max-w-xs">
      <Label htmlFor="party-language">Language of messages and documents</Label>
      <Select
        id="party-language"
        name="language"
        defaultValue={language}
        aria-invalid={invalid}
        aria-describedby={[isNew ? "party-language-hint" : "", invalid ? "party-language-error" : ""]
          .filter(Boolean)
          .join(" ")}
      >
        {isNew ? <option value="">From the phone number</option> : null}
        {PARTY_LANGUAGES.map((value) => (
          <option key={value} value={value}>
            {PARTY_LANGUAGE_LABELS[value]}
          </option>
        ))}
      </Select>
      {isNew ? (
        <p id="party-language-hint" className="mt-1 text-xs text-slate-600">
          French for a phone number of Côte d'Ivoire, Guinea, Senegal, Togo, Benin, Mali, Burkina Faso or
          Niger; English otherwise.
        </p>
      ) : null}
      <FieldError id="party-language-error" errors={errors} />
    </div>
  );
}

/** Shipper or consignee: which of the two lists a new party joins (it cannot move later). */
function RoleChoice({ role, errors }: { role: PartyRole; errors: string[] | null | undefined }) {
  const invalid = errors?.length ? true : undefined;
  return (
    <fieldset aria-describedby={invalid ? "party-role-error" : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-800">Role</legend>
      <div className="flex flex-wrap gap-4">
        {PARTY_ROLES.map((value) => (
          <label key={value} className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="role"
              value={value}
              defaultChecked={value === role}
              aria-invalid={invalid}
              className="size-4 accent-brand-700"
            />
            {PARTY_ROLE_LABELS[value].one}
          </label>
        ))}
      </div>
      <FieldError id="party-role-error" errors={errors} />
    </fieldset>
  );
}
