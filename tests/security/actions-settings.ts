// Action specs of the security suite: the Settings and Staff pages.
import { type Fixtures, NEW_PASSWORD, type Spec, unique } from "./action-kit.ts";

/** The intents of the Settings and Staff pages, by route id (read from the route modules and the server modules). */
export function settingsActions(f: Fixtures): Record<string, Spec[]> {
  return {
    "routes/admin/settings": [
      {
        name: "site details",
        fields: () => [
          ["intent", "site"],
          ["companyName", "Unitrans Global Logistics"],
          ["phone", "+231 77 700 1995"],
          ["email", "info@example.com"],
          ["address", "Broad and Randell Street, Monrovia"],
          ["businessHours[0].days", "Monday - Friday"],
          ["businessHours[0].hours", "9:00 AM - 6:00 PM"],
          ["social.facebook", ""],
          ["social.twitter", ""],
          ["social.linkedin", ""],
          ["social.instagram", ""],
          ["timeZone", "Africa/Monrovia"],
        ],
        // A hostile time zone (not one of Intl's IANA names) is refused: status times would be typed in it.
        strict: ["email", "phone", "intent", "timeZone"],
        text: ["companyName", "address", "businessHours[0].days", "businessHours[0].hours"],
      },
      {
        name: "add account",
        fields: () => [
          ["intent", "add-user"],
          ["email", `sec-${unique()}@example.com`],
          ["name", "Sec Staff"],
          ["password", "a sturdy staff passphrase 2026"],
          ["role", "operations"],
        ],
        // A role that is not one of the three is refused: no account is made without one chosen.
        strict: ["email", "intent", "role"],
        text: ["name"],
        store: { table: "admin_users", columns: { name: "name" } },
      },
      {
        name: "remove account",
        fields: () => [
          ["intent", "remove-user"],
          ["userId", f.staff],
        ],
        strict: ["userId", "intent"],
        text: [],
      },
      {
        name: "waybill terms",
        fields: () => [
          ["intent", "documents"],
          ["waybillTerms", "Goods are carried on the company's standard terms."],
        ],
        strict: ["intent"],
        text: ["waybillTerms"],
      },
      {
        name: "notifications switch",
        fields: () => [
          ["intent", "notifications-switch"],
          ["enabled", "true"],
        ],
        strict: ["enabled", "intent"],
        text: [],
      },
      {
        // Sender name, reply-to and the three templates: plain text, escaped wherever it is shown or sent.
        // A hostile value in a template is stored as typed or refused (an SMS without {trackingUrl}, a
        // subject with a line break, an unknown placeholder).
        name: "notification messages",
        fields: () => [
          ["intent", "notifications-messages"],
          ["senderName", "Unitrans Notifications"],
          ["replyTo", "desk@example.com"],
          ["emailSubject", "{trackingNumber}: {headline}"],
          ["emailBody", "Status: {status}\nPlace: {place}"],
          ["sms", "{trackingNumber}: {headline}. Track: {trackingUrl}"],
        ],
        strict: ["intent"],
        text: ["senderName", "emailSubject", "emailBody"],
      },
      {
        // Apart, so that the fields above can store what they are sent: the reply-to may be empty (whitespace
        // is), any other hostile value is refused; an SMS text without {trackingUrl} is refused.
        name: "notification messages (reply-to, SMS)",
        fields: () => [
          ["intent", "notifications-messages"],
          ["senderName", ""],
          ["replyTo", "desk@example.com"],
          ["emailSubject", "{trackingNumber}: {headline}"],
          ["emailBody", "Status: {status}"],
          ["sms", "{trackingNumber}: {headline}. Track: {trackingUrl}"],
        ],
        strict: ["intent"],
        text: ["replyTo", "sms"],
      },
      {
        // The French templates (decision 030): the same rules as the English ones.
        name: "notification messages in French",
        fields: () => [
          ["intent", "notifications-messages-fr"],
          ["emailSubject", "{trackingNumber} : {headline}"],
          ["emailBody", "Statut : {status}\nLieu : {place}"],
          ["sms", "{trackingNumber} : {headline}. Suivi : {trackingUrl}"],
        ],
        strict: ["intent"],
        text: ["emailSubject", "emailBody"],
      },
      {
        name: "notifications test message",
        fields: () => [["intent", "notifications-test"]],
        strict: ["intent"],
        text: [],
        noFields: true,
      },
      // Settings → Invoices (decision 026): numbering patterns, payment terms and a tax rate's percentage are
      // refused unless well formed; a tax's name and the payment instructions are plain text.
      {
        name: "invoice settings",
        fields: () => [
          ["intent", "invoices"],
          ["invoicePattern", "INV-{YYYY}-{NNNN}"],
          ["creditNotePattern", "CN-{YYYY}-{NNNN}"],
          ["paymentTermsDays", "30"],
          ["taxName", "GST"],
          ["taxPercent", "12"],
          ["paymentInstructions", "Bank: LBDI, account 001-234567-01"],
        ],
        strict: ["intent", "invoicePattern", "creditNotePattern", "paymentTermsDays", "taxPercent"],
        text: ["taxName", "paymentInstructions"],
      },
      // The activity log's retention (decision 021): a number of days, nothing else.
      {
        name: "activity log retention",
        fields: () => [
          ["intent", "activity-log"],
          ["retentionDays", "730"],
        ],
        strict: ["intent", "retentionDays"],
        text: [],
      },
      {
        name: "change password",
        fields: () => [
          ["intent", "change-password"],
          ["currentPassword", "not the password"],
          ["newPassword", NEW_PASSWORD],
          ["confirmPassword", NEW_PASSWORD],
        ],
        strict: ["confirmPassword"],
        text: [],
      },
    ],
    // Decision 019: the Staff page (Administrators only).
    "routes/admin/staff": [
      {
        name: "add a person",
        fields: () => [
          ["intent", "invite-staff"],
          ["name", "Sec Person"],
          ["email", `sec-${unique()}@example.com`],
          ["role", "editor"],
        ],
        strict: ["email", "role", "intent"],
        text: ["name"],
        store: { table: "admin_users", columns: { name: "name" } },
      },
      {
        name: "change role",
        fields: () => [
          ["intent", "change-role"],
          ["userId", f.staff],
          ["role", "operations"],
        ],
        strict: ["userId", "role", "intent"],
        text: [],
      },
      {
        name: "disable account",
        fields: () => [
          ["intent", "disable-staff"],
          ["userId", f.staff],
        ],
        strict: ["userId", "intent"],
        text: [],
      },
      {
        name: "enable account",
        fields: () => [
          ["intent", "enable-staff"],
          ["userId", f.staff],
        ],
        strict: ["userId", "intent"],
        text: [],
      },
      {
        name: "remove account (staff page)",
        fields: () => [
          ["intent", "remove-staff"],
          ["userId", f.staff],
        ],
        strict: ["userId", "intent"],
        text: [],
      },
    ],
  };
}
