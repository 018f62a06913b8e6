// /admin/settings: the page's loader (every card's settings, the staff accounts, the messaging channels in a
// clerk's words) and its action, one intent per card. The cards are app/components/admin/settings/settings-page.tsx.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import {
  applyTemplateReset,
  frenchNotificationTemplatesFormSchema,
  notificationTemplatesFormSchema,
} from "#app/lib/notification-templates.ts";
import { listTimeZones } from "#app/lib/time-zone.ts";
import { siteSettingsFormSchema } from "#app/schemas/admin-settings.ts";
import { auditSettingsSchema } from "#app/schemas/audit-settings.ts";
import { documentSettingsSchema } from "#app/schemas/document-settings.ts";
import {
  invoiceSettingsValues,
  readInvoiceSettingsForm,
  validateInvoiceSettings,
} from "#app/schemas/invoice-settings.ts";
import { changePasswordSchema } from "#app/schemas/password.ts";
import {
  AUDIT_SETTINGS_INTENT,
  CHANGE_PASSWORD_INTENT,
  DOCUMENT_SETTINGS_INTENT,
  INVOICE_SETTINGS_INTENT,
  NOTIFICATIONS_FRENCH_MESSAGES_INTENT,
  NOTIFICATIONS_MESSAGES_INTENT,
  NOTIFICATIONS_SWITCH_INTENT,
  NOTIFICATIONS_TEST_INTENT,
  SITE_SETTINGS_INTENT,
  TAX_REMOVE,
} from "#app/schemas/settings-intents.ts";
import { siteSettingsSchema } from "#app/schemas/site-settings.ts";
import { getAuditSettings, updateAuditSettings } from "#app/server/audit/audit.server.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import { mailboxAddress, resolveMailFrom } from "#app/server/messaging/mail.server.ts";
import {
  describeMessagingChannels,
  whatsappSpeaksFrench,
} from "#app/server/messaging/provider-config.server.ts";
import type { MobileMoneyAvailability } from "#app/server/payments/mobile-money/mtn-momo.server.ts";
import { readFormData, readIntent } from "#app/server/platform/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import {
  getDocumentSettings,
  updateDocumentSettings,
} from "#app/server/settings/document-settings.server.ts";
import { getInvoiceSettings, updateInvoiceSettings } from "#app/server/settings/invoice-settings.server.ts";
import {
  getFrenchNotificationTemplates,
  getNotificationSettings,
  saveFrenchNotificationTemplates,
  saveNotificationTemplates,
  setNotificationsEnabled,
} from "#app/server/settings/notification-settings.server.ts";
import { getSiteSettings, updateSiteSettings } from "#app/server/settings/settings.server.ts";
import { loadStaffAccounts, staffAccountsAction } from "#app/server/staff/staff-accounts-page.server.ts";
import { getAdmin, requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import { changePassword } from "#app/server/staff/staff-sign-in.server.ts";

export async function loadSettingsPage({ context }: { context: Readonly<RouterContextProvider> }) {
  const user = getAdmin(context);
  const { db, config, mobileMoney } = context.get(servicesContext);
  const [settings, accounts, notifications, frenchTemplates, documents, invoices, audit] = await Promise.all([
    getSiteSettings({ db }),
    loadStaffAccounts({ context, user }),
    getNotificationSettings({ db }),
    getFrenchNotificationTemplates({ db }),
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
    paymentMethods: describePaymentMethods(mobileMoney.availability),
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
      // The French set (decision 030), with the French of the e-mail's fixed words for its preview.
      frenchMessages: {
        templates: frenchTemplates.templates,
        customized: frenchTemplates.customized,
        words: wordsFor("fr", "notifications"),
        whatsappInEnglish: texting.whatsapp.available && !whatsappSpeaksFrench(config),
      },
    },
    timeZones: listTimeZones(),
    accounts,
  };
}

const SETTINGS_PATH = "/admin/settings";

/** Which ways of paying the site takes (decision 026): what staff record is always on; mobile money online when set up. */
function describePaymentMethods(momo: MobileMoneyAvailability) {
  return [
    {
      name: "Cash, bank transfer, cheque, card",
      on: true,
      detail: "Recorded by staff on the invoice when the money arrives. Always on.",
    },
    {
      name: "Mobile money online",
      on: momo.available,
      detail: momo.available ? momo.summary : momo.reason,
    },
  ];
}

/** The name a From shows without a sender name: MAIL_FROM's (or its address), or the company's. */
function defaultSenderName(from: ReturnType<typeof resolveMailFrom>): string {
  if (typeof from !== "string") return from.name || from.address;
  const name = from
    .replace(/<[^<>]*>\s*$/, "")
    .trim()
    .replace(/^"(.*)"$/, "$1");
  return name || mailboxAddress(from);
}

export async function settingsPageAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  // The layout's middleware has run too; an action checks again on its own.
  const user = await requireAdmin({ request, context });
  const services = context.get(servicesContext);
  const { db, siteSettings } = services;
  const formData = (await readFormData(request)) ?? new FormData();
  const intent = readIntent(formData);

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

  if (intent === NOTIFICATIONS_FRENCH_MESSAGES_INTENT) {
    const reset = formData.get("reset");
    const submission = parseWithZod(applyTemplateReset(formData, "fr"), {
      schema: frenchNotificationTemplatesFormSchema,
      disableAutoCoercion: true,
    });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    await saveFrenchNotificationTemplates({ db, templates: submission.value });
    return redirectWithToast(SETTINGS_PATH, {
      type: "success",
      title: typeof reset === "string" ? "French template reset to default" : "French messages saved",
      description: "Notifications to French-speaking customers from now on use these texts.",
    });
  }

  if (intent === NOTIFICATIONS_TEST_INTENT) {
    const settings = await siteSettings.get();
    const result = await services.sendTestNotification({ to: user.email, settings });
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
