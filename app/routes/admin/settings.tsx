import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import {
  CHANGE_PASSWORD_INTENT,
  ChangePasswordForm,
} from "#app/components/admin/auth/change-password-form.tsx";
import { INTENT } from "#app/components/admin/form-fields.tsx";
import {
  AUDIT_SETTINGS_INTENT,
  AuditSettingsForm,
} from "#app/components/admin/settings/audit-settings-form.tsx";
import {
  DOCUMENT_SETTINGS_INTENT,
  DocumentSettingsForm,
} from "#app/components/admin/settings/document-settings-form.tsx";
import {
  INVOICE_SETTINGS_INTENT,
  InvoiceSettingsForm,
  TAX_REMOVE,
} from "#app/components/admin/settings/invoice-settings-form.tsx";
import { MessagingChannels } from "#app/components/admin/settings/messaging-channels.tsx";
import { NOTIFICATIONS_MESSAGES_INTENT } from "#app/components/admin/settings/notification-messages-form.tsx";
import {
  NOTIFICATIONS_SWITCH_INTENT,
  NOTIFICATIONS_TEST_INTENT,
  NotificationSettings,
} from "#app/components/admin/settings/notification-settings.tsx";
import {
  SITE_SETTINGS_INTENT,
  SiteSettingsForm,
} from "#app/components/admin/settings/site-settings-form.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { StaffAccounts } from "#app/components/admin/staff/staff-accounts.tsx";
import { useSavedKey } from "#app/components/admin/use-saved-key.ts";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { servicesContext } from "#app/context.ts";
import { applyTemplateReset, notificationTemplatesFormSchema } from "#app/lib/notification-templates.ts";
import { listTimeZones } from "#app/lib/time-zone.ts";
import { siteSettingsFormSchema } from "#app/schemas/admin-settings.ts";
import { STAFF_INTENTS } from "#app/schemas/admin-user.ts";
import { auditSettingsSchema } from "#app/schemas/audit-settings.ts";
import { documentSettingsSchema } from "#app/schemas/document-settings.ts";
import {
  invoiceSettingsValues,
  readInvoiceSettingsForm,
  validateInvoiceSettings,
} from "#app/schemas/invoice-settings.ts";
import { changePasswordSchema } from "#app/schemas/password.ts";
import { siteSettingsSchema } from "#app/schemas/site-settings.ts";
import { getAuditSettings, updateAuditSettings } from "#app/server/audit/audit.server.ts";
import {
  getDocumentSettings,
  updateDocumentSettings,
} from "#app/server/documents/document-settings.server.ts";
import { getInvoiceSettings, updateInvoiceSettings } from "#app/server/invoices/invoice-settings.server.ts";
import { mailboxAddress, resolveMailFrom } from "#app/server/messaging/mail.server.ts";
import { describeMessagingChannels } from "#app/server/messaging/provider-config.server.ts";
import { sendTestNotification } from "#app/server/notifications/notifications.server.ts";
import { readFormData } from "#app/server/platform/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import {
  getNotificationSettings,
  saveNotificationTemplates,
  setNotificationsEnabled,
} from "#app/server/settings/notification-settings.server.ts";
import { getSiteSettings, updateSiteSettings } from "#app/server/settings/settings.server.ts";
import { loadStaffAccounts, staffAccountsAction } from "#app/server/staff/staff-accounts-page.server.ts";
import { getAdmin, requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import { changePassword } from "#app/server/staff/staff-sign-in.server.ts";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Settings", path: "/admin/settings" }, matches);

export async function loader({ context }: Route.LoaderArgs) {
  const user = getAdmin(context);
  const { db, config } = context.get(servicesContext);
  const [settings, accounts, notifications, documents, invoices, audit] = await Promise.all([
    getSiteSettings({ db }),
    loadStaffAccounts({ context, user }),
    getNotificationSettings({ db }),
    getDocumentSettings({ db }),
    getInvoiceSettings({ db }),
    getAuditSettings({ db }),
  ]);
  const texting = describeMessagingChannels(config);
  // In words a clerk reads: how each channel sends, or that it is not set up on this server. The configuration
  // names and the provider's own reasons are in the README and the server's log, not here.
  const row = (name: string, status: (typeof texting)["sms"], notSetUp: string) =>
    status.available
      ? { name, on: true, detail: `${name} messages go out through ${status.providerName}.` }
      : { name, on: false, detail: notSetUp };
  return {
    messaging: {
      channels: [
        config.SMTP_URL
          ? { name: "E-mail", on: true, detail: "E-mails go out through this site's mail server." }
          : {
              name: "E-mail",
              on: false,
              detail:
                "No mail server is set up for this site: e-mails are kept and never sent. Whoever runs the site can set one up.",
            },
        row(
          "SMS",
          texting.sms,
          "No text-message provider is set up for this site, so no SMS is sent. Whoever runs the site can connect Twilio or Africa's Talking.",
        ),
        row(
          "WhatsApp",
          texting.whatsapp,
          "WhatsApp is not set up for this site, so no WhatsApp message is sent. Whoever runs the site can connect it through Twilio.",
        ),
      ],
      allowedCountries: texting.allowedCountries,
    },
    settings,
    documents,
    invoices: invoiceSettingsValues(invoices),
    audit,
    notifications: {
      enabled: notifications.enabled,
      smtpConfigured: Boolean(config.SMTP_URL),
      email: user.email,
      messages: {
        senderName: notifications.senderName,
        replyTo: notifications.replyTo,
        templates: notifications.templates,
        customized: notifications.customized,
        defaultSenderName: defaultSenderName(resolveMailFrom({ config, settings })),
        sample: {
          siteUrl: config.siteUrl,
          companyName: settings.companyName,
          companyAddress: settings.address,
          companyPhone: settings.phone,
        },
      },
    },
    timeZones: listTimeZones(),
    accounts,
  };
}

const SETTINGS_PATH = "/admin/settings";

/** The name a From shows without a sender name: MAIL_FROM's (or its address), or the company's. */
function defaultSenderName(from: ReturnType<typeof resolveMailFrom>): string {
  if (typeof from !== "string") return from.name || from.address;
  const name = from
    .replace(/<[^<>]*>\s*$/, "")
    .trim()
    .replace(/^"(.*)"$/, "$1");
  return name || mailboxAddress(from);
}

export async function action({ request, context }: Route.ActionArgs) {
  // The layout's middleware has run too; an action checks again on its own.
  const user = await requireAdmin({ request, context });
  const { db, siteSettings, config, logger } = context.get(servicesContext);
  const formData = (await readFormData(request)) ?? new FormData();
  const intent = formData.get(INTENT);

  if (intent === CHANGE_PASSWORD_INTENT) {
    const submission = parseWithZod(formData, { schema: changePasswordSchema });
    const hidden = ["currentPassword", "newPassword", "confirmPassword"];
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: hidden }) }, { status: 400 });
    }
    const result = await changePassword({
      request,
      context,
      user,
      currentPassword: submission.value.currentPassword,
      newPassword: submission.value.newPassword,
    });
    if (!result.ok) {
      return data(
        { intent, result: submission.reply({ formErrors: [result.error], hideFields: hidden }) },
        { status: 400 },
      );
    }
    return redirectWithToast(
      SETTINGS_PATH,
      {
        type: "success",
        title: "Password changed",
        description: "Your other sessions have been signed out.",
      },
      { headers: { "Set-Cookie": result.cookie } },
    );
  }

  if (intent === SITE_SETTINGS_INTENT) {
    const submission = parseWithZod(formData, { schema: siteSettingsFormSchema, disableAutoCoercion: true });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    await updateSiteSettings({ db, settings: siteSettingsSchema.parse(submission.value) });
    // The database announces the change to every instance; this one need not wait for it.
    siteSettings.invalidate();
    return redirectWithToast(SETTINGS_PATH, {
      type: "success",
      title: "Settings saved",
      description: "The site details are updated across the website.",
    });
  }

  if (intent === DOCUMENT_SETTINGS_INTENT) {
    const submission = parseWithZod(formData, { schema: documentSettingsSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    await updateDocumentSettings({ db, settings: submission.value });
    return redirectWithToast(SETTINGS_PATH, {
      type: "success",
      title: "Settings saved",
      description: "New waybills print the new terms.",
    });
  }

  if (intent === INVOICE_SETTINGS_INTENT) {
    // The rows whose 'Remove' box is ticked are left out before the rest is checked.
    const typed = readInvoiceSettingsForm(formData);
    const removed = new Set(formData.getAll(TAX_REMOVE).map(String));
    const values = { ...typed, taxRates: typed.taxRates.filter((_, index) => !removed.has(String(index))) };
    const checked = validateInvoiceSettings(values);
    if (!checked.ok) {
      return data(
        { intent, result: null, invoiceSettings: { values, errors: checked.errors } },
        { status: 400 },
      );
    }
    await updateInvoiceSettings({ db, settings: checked.value });
    return redirectWithToast(SETTINGS_PATH, {
      type: "success",
      title: "Settings saved",
      description: "New invoices use these numbers, terms, taxes and payment instructions.",
    });
  }

  if (intent === AUDIT_SETTINGS_INTENT) {
    const submission = parseWithZod(formData, { schema: auditSettingsSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    await updateAuditSettings({ db, settings: submission.value });
    return redirectWithToast(SETTINGS_PATH, {
      type: "success",
      title: "Settings saved",
      description: `Activity is kept for ${submission.value.retentionDays} days.`,
    });
  }

  if (intent === NOTIFICATIONS_SWITCH_INTENT) {
    const enabled = formData.get("enabled");
    if (enabled !== "true" && enabled !== "false") {
      return data(
        { intent, result: { status: "error" as const, error: { "": ["Choose on or off."] } } },
        { status: 400 },
      );
    }
    await setNotificationsEnabled({ db, enabled: enabled === "true" });
    return redirectWithToast(SETTINGS_PATH, {
      type: "success",
      title: enabled === "true" ? "Notifications turned on" : "Notifications turned off",
    });
  }

  if (intent === NOTIFICATIONS_MESSAGES_INTENT) {
    const reset = formData.get("reset");
    const submission = parseWithZod(applyTemplateReset(formData), {
      schema: notificationTemplatesFormSchema,
      disableAutoCoercion: true,
    });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const { senderName, replyTo, emailSubject, emailBody, sms } = submission.value;
    await saveNotificationTemplates({ db, senderName, replyTo, templates: { emailSubject, emailBody, sms } });
    return redirectWithToast(SETTINGS_PATH, {
      type: "success",
      title: typeof reset === "string" ? "Template reset to default" : "Messages saved",
      description: "Notifications from now on use these texts.",
    });
  }

  if (intent === NOTIFICATIONS_TEST_INTENT) {
    const settings = await siteSettings.get();
    const result = await sendTestNotification({ db, config, logger, to: user.email, settings });
    const sent = { queued: result.ok && result.queued };
    return redirectWithToast(SETTINGS_PATH, {
      type: sent.queued ? "success" : "error",
      title: sent.queued ? "Test message queued" : "Test message not sent",
      description: sent.queued
        ? `It is on its way to ${user.email}.`
        : "No mail server is set up for this site; the message is kept and not sent.",
    });
  }

  const staff = await staffAccountsAction({ context, user, formData, intent, back: SETTINGS_PATH });
  if (staff) return staff;

  return data({ intent: null, result: null }, { status: 400 });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
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
] as const;

function SettingsSections() {
  return (
    <nav aria-label="Settings sections" className="rounded-lg border border-slate-200 bg-white p-3">
      <ul className="flex flex-wrap gap-2">
        {SECTIONS.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="inline-flex min-h-10 items-center rounded-md border border-slate-200 px-3 text-sm font-medium text-brand-700 hover:bg-slate-50"
            >
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
