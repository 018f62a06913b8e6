import type { SubmissionResult } from "@conform-to/react";
import type { ComponentProps } from "react";
import { Link } from "react-router";
import { ChangePasswordForm } from "#app/components/admin/auth/change-password-form.tsx";
import { AuditSettingsForm } from "#app/components/admin/settings/audit-settings-form.tsx";
import { DocumentSettingsForm } from "#app/components/admin/settings/document-settings-form.tsx";
import {
  InvoiceSettingsForm,
  type InvoiceSettingsReply,
} from "#app/components/admin/settings/invoice-settings-form.tsx";
import { MessagingChannels, OnOffList } from "#app/components/admin/settings/messaging-channels.tsx";
import { NotificationSettings } from "#app/components/admin/settings/notification-settings.tsx";
import { SiteSettingsForm } from "#app/components/admin/settings/site-settings-form.tsx";
import { StaffAccounts } from "#app/components/admin/staff/staff-accounts.tsx";
import { useSavedKey } from "#app/components/admin/use-saved-key.ts";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { SectionLink } from "#app/components/ui/section-link.tsx";
import { STAFF_INTENTS } from "#app/schemas/admin-user.ts";
import {
  AUDIT_SETTINGS_INTENT,
  CHANGE_PASSWORD_INTENT,
  DOCUMENT_SETTINGS_INTENT,
  NOTIFICATIONS_FRENCH_MESSAGES_INTENT,
  NOTIFICATIONS_MESSAGES_INTENT,
  SITE_SETTINGS_INTENT,
} from "#app/schemas/settings-intents.ts";

/** What the page's loader gives: each card's settings, as its form takes them. */
export type SettingsPageData = {
  settings: ComponentProps<typeof SiteSettingsForm>["settings"];
  timeZones: string[];
  notifications: Omit<
    ComponentProps<typeof NotificationSettings>,
    "formKey" | "lastResult" | "frenchLastResult"
  >;
  documents: ComponentProps<typeof DocumentSettingsForm>["settings"];
  invoices: ComponentProps<typeof InvoiceSettingsForm>["values"];
  accounts: ComponentProps<typeof StaffAccounts>["accounts"];
  audit: ComponentProps<typeof AuditSettingsForm>["settings"];
  messaging: ComponentProps<typeof MessagingChannels>;
  paymentMethods: ComponentProps<typeof OnOffList>["rows"];
};

/** A refused save: the intent of the card that sent it, with its form's reply (the invoices' card its own). */
export type SettingsActionData = {
  intent: unknown;
  result: SubmissionResult<string[]> | null;
  invoiceSettings?: InvoiceSettingsReply;
};

/** /admin/settings: a card per part of the site's settings, each its own form, the sections' links on top. */
export function SettingsPage({
  loaderData,
  actionData,
}: {
  loaderData: SettingsPageData;
  actionData: SettingsActionData | undefined;
}) {
  // A new key after every successful save clears the forms (passwords are never kept); nothing else does.
  const formKey = useSavedKey();
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const invoiceReply = actionData && "invoiceSettings" in actionData ? actionData.invoiceSettings : undefined;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Settings</h1>
        <p className="mt-1 text-slate-600">
          Your password, the company details on the website, and staff accounts.
        </p>
      </div>
      <SettingsSections />

      <Card id="password" className="scroll-mt-20">
        <CardHeader>
          <CardTitle>Your Password</CardTitle>
          <p className="text-sm text-slate-600">Changing it signs out your other sessions.</p>
        </CardHeader>
        <CardContent className="max-w-lg">
          <ChangePasswordForm key={formKey} lastResult={resultFor(CHANGE_PASSWORD_INTENT)} />
        </CardContent>
      </Card>

      <Card id="site-details" className="scroll-mt-20">
        <CardHeader>
          <CardTitle>Site Details</CardTitle>
          <p className="text-sm text-slate-600">
            Shown in the header, the footer and the contact page of the website.
          </p>
        </CardHeader>
        <CardContent>
          <SiteSettingsForm
            key={formKey}
            settings={loaderData.settings}
            timeZones={loaderData.timeZones}
            lastResult={resultFor(SITE_SETTINGS_INTENT)}
          />
        </CardContent>
      </Card>

      <Card id="notifications" className="scroll-mt-20">
        <CardHeader>
          <CardTitle>Notifications</CardTitle>
          <p className="text-sm text-slate-600">
            E-mails to each shipment's shipper and consignee when its status changes.
          </p>
        </CardHeader>
        <CardContent>
          <NotificationSettings
            {...loaderData.notifications}
            formKey={formKey}
            lastResult={resultFor(NOTIFICATIONS_MESSAGES_INTENT)}
            frenchLastResult={resultFor(NOTIFICATIONS_FRENCH_MESSAGES_INTENT)}
          />
        </CardContent>
      </Card>

      <Card id="documents" className="scroll-mt-20">
        <CardHeader>
          <CardTitle>Documents</CardTitle>
          <p className="text-sm text-slate-600">
            The printed house waybill's terms. Its letterhead is the site details above.
          </p>
        </CardHeader>
        <CardContent>
          <DocumentSettingsForm
            key={formKey}
            settings={loaderData.documents}
            lastResult={resultFor(DOCUMENT_SETTINGS_INTENT)}
          />
        </CardContent>
      </Card>

      <Card id="invoices" className="scroll-mt-20">
        <CardHeader>
          <CardTitle>Invoices</CardTitle>
          <p className="text-sm text-slate-600">
            How invoices and credit notes are numbered, when they are due, the taxes charged and how customers
            pay. Their letterhead is the site details above.
          </p>
        </CardHeader>
        <CardContent>
          <InvoiceSettingsForm
            // A refused save shows what was kept (ticked rows removed), so each reply starts the form afresh.
            key={invoiceReply ? JSON.stringify(invoiceReply) : formKey}
            values={invoiceReply?.values ?? loaderData.invoices}
            errors={invoiceReply?.errors ?? {}}
          />
        </CardContent>
      </Card>

      <Card id="staff-accounts" className="scroll-mt-20">
        <CardHeader>
          <CardTitle>Staff Accounts</CardTitle>
          <p className="text-sm text-slate-600">
            Everyone listed here can sign in to the admin area. A new account gets a temporary password that
            must be changed at first login.{" "}
            <Link to="/admin/staff" className="font-medium text-brand-700 underline underline-offset-2">
              Roles, set-password links by e-mail and disabling an account: Staff
            </Link>
          </p>
        </CardHeader>
        <CardContent>
          <StaffAccounts
            key={formKey}
            accounts={loaderData.accounts}
            add="temporary-password"
            lastResult={resultFor(STAFF_INTENTS.addWithPassword)}
          />
        </CardContent>
      </Card>

      <Card id="activity-log" className="scroll-mt-20">
        <CardHeader>
          <CardTitle>Activity log</CardTitle>
          <p className="text-sm text-slate-600">
            Every staff change and sign-in is recorded: who, when, from which address, and what changed.
          </p>
        </CardHeader>
        <CardContent>
          <AuditSettingsForm
            key={formKey}
            settings={loaderData.audit}
            lastResult={resultFor(AUDIT_SETTINGS_INTENT)}
          />
        </CardContent>
      </Card>

      <Card id="messaging-channels" className="scroll-mt-20">
        <CardHeader>
          <CardTitle>Messaging Channels</CardTitle>
          <p className="text-sm text-slate-600">
            How messages to customers and staff leave. Whoever runs the site sets these up on the server.
          </p>
        </CardHeader>
        <CardContent>
          <MessagingChannels
            channels={loaderData.messaging.channels}
            allowedCountries={loaderData.messaging.allowedCountries}
          />
        </CardContent>
      </Card>

      <Card id="payment-methods" className="scroll-mt-20">
        <CardHeader>
          <CardTitle>Payments</CardTitle>
          <p className="text-sm text-slate-600">
            Which ways of paying this site takes. Whoever runs the site sets up mobile money on the server.
          </p>
        </CardHeader>
        <CardContent>
          <OnOffList rows={loaderData.paymentMethods} />
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * The page's sections, each one step away: a list of links to them at the top (a phone's screen shows it whole;
 * the address keeps the section, so a link or a reload lands on it).
 */
const SECTIONS = [
  { id: "password", label: "Your password" },
  { id: "site-details", label: "Site details" },
  { id: "notifications", label: "Notifications and messages" },
  { id: "documents", label: "Documents" },
  { id: "invoices", label: "Invoices" },
  { id: "staff-accounts", label: "Staff accounts" },
  { id: "activity-log", label: "Activity log" },
  { id: "messaging-channels", label: "Messaging channels" },
  { id: "payment-methods", label: "Payments" },
] as const;

function SettingsSections() {
  return (
    <nav aria-label="Settings sections" className="rounded-lg border border-slate-200 bg-white p-3">
      <ul className="flex flex-wrap gap-2">
        {SECTIONS.map((section) => (
          <li key={section.id}>
            <SectionLink
              id={section.id}
              className="inline-flex min-h-10 items-center rounded-md border border-slate-200 px-3 text-sm font-medium text-brand-700 hover:bg-slate-50"
            >
              {section.label}
            </SectionLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
