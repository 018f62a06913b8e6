import { z } from "zod";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { interpolate, type Translate } from "#app/lib/i18n/translate.ts";
import { receiverInitials } from "#app/lib/receiver-initials.ts";
import { analyzeSmsText, SINGLE_SEGMENT_LIMIT } from "#app/lib/sms-text.ts";

/**
 * The texts of shipment notifications (decision 013, 'Templates'): plain-text templates with named
 * placeholders, the defaults that come with the product, the rules a template staff typed must follow, and
 * the filling shared by the server (the messages sent) and Settings → Notifications' live preview. Pure and
 * free of server imports, so the admin's browser bundle can use it; public pages never import it.
 *
 * Each template exists in English and French (decision 030): a recipient gets the set of their language. The
 * fixed words around staff's text (heading, 'Track your shipment', the unsubscribe line) are English text
 * translated through a `t` the caller gives (the server's French catalog 'notifications'); without one,
 * English, exactly as before.
 *
 * Staff edit plain text only: the e-mail's HTML part is a fixed layout (notification-email.server.ts) in
 * which the filled text is escaped as a whole, so neither a value nor a template reaches a customer as HTML.
 */

export const TEMPLATE_NAMES = ["emailSubject", "emailBody", "sms"] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];
export type NotificationTemplates = Record<TemplateName, string>;

/** The placeholders a template may use, with what each becomes (the settings' help text). */
export const PLACEHOLDERS = {
  trackingNumber: "the tracking number, e.g. UTG-1234-5678",
  headline: "status and place, e.g. Arrived at Port of Monrovia",
  status: "the status",
  place: "where it is",
  time: "when, in the company's time zone",
  note: "the status update's note",
  estimatedDelivery: "the estimated delivery date",
  origin: "where it left from",
  destination: "where it goes",
  trackingUrl: "the link to the tracking page",
  companyName: "the company's name",
  companyAddress: "the company's address",
  companyPhone: "the company's phone",
} as const;
export type PlaceholderName = keyof typeof PLACEHOLDERS;
export type TemplateValues = Record<PlaceholderName, string>;
export const PLACEHOLDER_NAMES = Object.keys(PLACEHOLDERS) as PlaceholderName[];

export const DEFAULT_TEMPLATES: NotificationTemplates = {
  emailSubject: "{trackingNumber}: {headline}",
  emailBody: `Status: {status}
Place: {place}
Time: {time}
Note: {note}
Estimated delivery: {estimatedDelivery}
Route: {origin} → {destination}`,
  sms: "{trackingNumber}: {headline}. Track: {trackingUrl}",
};

/** The French defaults: the same lines, in French (no accent outside GSM-7 in the SMS, so 160 per segment). */
export const DEFAULT_TEMPLATES_FR: NotificationTemplates = {
  emailSubject: "{trackingNumber} : {headline}",
  emailBody: `Statut : {status}
Lieu : {place}
Date : {time}
Remarque : {note}
Livraison prévue : {estimatedDelivery}
Itinéraire : {origin} → {destination}`,
  sms: "{trackingNumber} : {headline}. Suivi : {trackingUrl}",
};

/** The product's templates in `locale`. */
export const defaultTemplatesFor = (locale: Locale): NotificationTemplates =>
  locale === "fr" ? DEFAULT_TEMPLATES_FR : DEFAULT_TEMPLATES;

/** Staff's names of the two sets of templates in Settings. */
export const TEMPLATE_LANGUAGE_NAMES: Record<Locale, string> = { en: "English", fr: "French" };

export const TEMPLATE_LIMITS: Record<TemplateName, number> = { emailSubject: 200, emailBody: 5000, sms: 480 };
export const SENDER_NAME_LIMIT = 100;

export const TEMPLATE_LABELS: Record<TemplateName, string> = {
  emailSubject: "E-mail subject",
  emailBody: "E-mail text",
  sms: "SMS and WhatsApp text",
};

/** Anything in braces is meant as a placeholder: `{ trackingNumber}` or `{foo}` is refused, not sent as typed. */
const BRACED = /\{([^{}\n]*)\}/g;
const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

const allowedList = PLACEHOLDER_NAMES.map((name) => `{${name}}`).join(", ");

/** The problems of one template as staff typed it (line breaks already "\n"); empty when it is fine. */
export function templateProblems(name: TemplateName, text: string): string[] {
  const problems: string[] = [];
  const label = TEMPLATE_LABELS[name];
  if (text.trim() === "") problems.push(`Enter the ${label.toLowerCase()}, or reset it to the default.`);
  if (text.length > TEMPLATE_LIMITS[name])
    problems.push(`At most ${TEMPLATE_LIMITS[name]} characters (now ${text.length}).`);
  // Control characters never belong in a message; the subject is one header line, so not even a line break.
  const control = name === "emailSubject" ? /\p{Cc}/u : /[^\P{Cc}\n\t]/u;
  if (control.test(text))
    problems.push(
      name === "emailSubject"
        ? "The subject must be one line, without line breaks or control characters."
        : "Contains control characters that are not allowed.",
    );
  const unknown = [
    ...new Set(
      [...text.matchAll(BRACED)]
        .map((match) => match[1]!)
        .filter((inner) => !(PLACEHOLDER_NAMES as string[]).includes(inner)),
    ),
  ];
  if (unknown.length > 0)
    problems.push(
      `Unknown placeholder${unknown.length > 1 ? "s" : ""} ${unknown.map((u) => `{${u}}`).join(", ")}. Use only ${allowedList}.`,
    );
  if (name === "sms" && !text.includes("{trackingUrl}"))
    problems.push("The SMS text must contain {trackingUrl}, the link to the tracking page.");
  return problems;
}

const oneLine = (value: string) => value.replace(/\p{Cc}+/gu, " ");

/** Trimmed, with Windows and old Mac line breaks made "\n". */
export const normalizeTemplate = (text: string) => text.replace(/\r\n?/g, "\n").trim();

const templateField = (name: TemplateName) =>
  z
    .string({ error: `Enter the ${TEMPLATE_LABELS[name].toLowerCase()}, or reset it to the default.` })
    .transform(normalizeTemplate)
    .superRefine((text, context) => {
      for (const message of templateProblems(name, text)) context.addIssue({ code: "custom", message });
    });

/**
 * The form of Settings → Notifications' templates: sender name, reply-to and the three templates. `reset`
 * (a template's name) puts that template back to its default before anything is checked.
 */
export const notificationTemplatesFormSchema = z.object({
  senderName: z
    .string()
    .trim()
    .max(SENDER_NAME_LIMIT, { error: `At most ${SENDER_NAME_LIMIT} characters.` })
    .refine((v) => !/\p{Cc}/u.test(v), {
      error: "The sender name must be one line, without control characters.",
    })
    .default(""),
  replyTo: z
    .string()
    .trim()
    .max(254, { error: "At most 254 characters." })
    .refine((v) => v === "" || z.email().safeParse(v).success, {
      error: "Enter an e-mail address like desk@example.com, or leave it empty.",
    })
    .default(""),
  emailSubject: templateField("emailSubject"),
  emailBody: templateField("emailBody"),
  sms: templateField("sms"),
});
export type NotificationTemplatesForm = z.infer<typeof notificationTemplatesFormSchema>;

/** The form of the French templates: the three templates alone (sender name and reply-to are the English form's). */
export const frenchNotificationTemplatesFormSchema = z.object({
  emailSubject: templateField("emailSubject"),
  emailBody: templateField("emailBody"),
  sms: templateField("sms"),
});

/** Staff's form values with `reset` applied: the named template gets its default text (in `locale`). */
export function applyTemplateReset(formData: FormData, locale: Locale = "en"): FormData {
  const reset = formData.get("reset");
  if (typeof reset !== "string" || !(TEMPLATE_NAMES as readonly string[]).includes(reset)) return formData;
  const copy = new FormData();
  for (const [key, value] of formData) if (key !== "reset") copy.append(key, value);
  copy.set(reset, defaultTemplatesFor(locale)[reset as TemplateName]);
  return copy;
}

/**
 * Fills `{name}` placeholders with `values`, as plain text (escaping is the caller's, for the whole result).
 * A line whose placeholders are all empty is dropped (no 'Note:' without a note); an unknown name stays as
 * typed (saved templates never have one).
 */
export function fillTemplate(template: string, values: Partial<Record<string, string>>): string {
  return template
    .split("\n")
    .filter((line) => {
      const names = [...line.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => name in values);
      return names.length === 0 || names.some((name) => values[name] !== "");
    })
    .map((line) => line.replace(PLACEHOLDER, (match, name: string) => values[name] ?? match))
    .join("\n");
}

/** The e-mail's subject: one line, whatever a value holds. */
export function fillSubject(template: string, values: TemplateValues): string {
  return oneLine(fillTemplate(template, values)).replace(/\s+/g, " ").trim();
}

/** The line before the consignee's link to the signed delivery note (decision 015, 'Proof of delivery'). */
export const DELIVERY_NOTE_LINK_TEXT =
  "Your delivery note with the receiver's signature (link valid for 30 days)";

/** The consignee's link to the delivery note and the words before it, in the message telling a delivery. */
export type DeliveryNoteLink = { url: string; text: string };

/**
 * The words before the delivery note's link: 'with the receiver's signature' only when one was drawn; a typed
 * name alone says who received it, by initials, as the tracking page does ('received by J. D.').
 */
export function deliveryNoteLinkText(
  { signed, receiverName }: { signed: boolean; receiverName: string },
  t: Translate = interpolate,
) {
  const initials = receiverInitials(receiverName);
  if (signed) return t(DELIVERY_NOTE_LINK_TEXT);
  return initials
    ? t("Your delivery note, received by {initials} (link valid for 30 days)", { initials })
    : t("Your delivery note (link valid for 30 days)");
}

/** The text part's headline line, fixed like the HTML part's heading. */
export const emailHeading = (
  values: Pick<TemplateValues, "trackingNumber" | "headline">,
  t: Translate = interpolate,
) =>
  t("Shipment {trackingNumber}: {headline}", {
    trackingNumber: values.trackingNumber,
    headline: values.headline,
  });

/** The line above the unsubscribe link, in both parts. */
export const receivedBecause = (
  values: Pick<TemplateValues, "trackingNumber" | "companyName">,
  t: Translate = interpolate,
) =>
  t("You receive this message about shipment {trackingNumber} from {companyName}.", {
    trackingNumber: values.trackingNumber,
    companyName: values.companyName,
  });

/**
 * The e-mail's plain-text part: heading, the filled body, the changes in between (when several were told
 * together), the tracking link, the company's details and the unsubscribe link. Only the body is staff's;
 * the rest is always there.
 */
export function composeEmailText({
  body,
  values,
  steps,
  unsubscribeUrl,
  deliveryNote,
  t = interpolate,
}: {
  body: string;
  values: TemplateValues;
  steps: string[];
  unsubscribeUrl: string;
  /** The consignee's link to the delivery note, in the message telling a recorded delivery. */
  deliveryNote?: DeliveryNoteLink;
  /** The fixed words' language (English without). */
  t?: Translate;
}): string {
  const parts = [emailHeading(values, t), fillTemplate(body, values).trim()];
  if (steps.length) parts.push(`${t("Since our last message:")}\n${steps.map((s) => `- ${s}`).join("\n")}`);
  if (deliveryNote) parts.push(t("{text}: {url}", { text: deliveryNote.text, url: deliveryNote.url }));
  parts.push(t("Track your shipment: {url}", { url: values.trackingUrl }));
  parts.push(companyLines(values).join("\n"));
  parts.push(`${receivedBecause(values, t)} ${t("Unsubscribe: {url}", { url: unsubscribeUrl })}`);
  return parts.filter((part) => part !== "").join("\n\n");
}

export const companyLines = (
  values: Pick<TemplateValues, "companyName" | "companyAddress" | "companyPhone">,
) => [values.companyName, values.companyAddress, values.companyPhone].filter((line) => line !== "");

/**
 * The text message. One GSM-7 segment (160) where possible: when the headline (status and place, staff's
 * free text) makes it longer, the headline is shortened with '...' so the number and the tracking link
 * always arrive whole. A character outside GSM-7 (UCS-2) is kept, at 70 per segment: shortening a place name
 * to fit would lose more than a second segment costs. When the template's own text is already longer than
 * a segment, nothing is shortened.
 */
export function fillSms(template: string, values: TemplateValues): string {
  const fill = (headline: string) => fillTemplate(template, { ...values, headline }).trim();
  const whole = fill(values.headline);
  const limit = SINGLE_SEGMENT_LIMIT["GSM-7"];
  const first = analyzeSmsText(whole);
  if (first.encoding !== "GSM-7" || first.units <= limit || !template.includes("{headline}")) return whole;
  if (analyzeSmsText(fill("...")).units > limit) return whole;
  let shortened = [...values.headline];
  while (shortened.length > 1 && analyzeSmsText(fill(`${shortened.join("").trimEnd()}...`)).units > limit) {
    shortened = shortened.slice(0, -1);
  }
  return fill(`${shortened.join("").trimEnd()}...`);
}

/** The shipment the preview and the test message show (its words and dates in `locale`). */
export function sampleValues(
  {
    siteUrl,
    companyName,
    companyAddress,
    companyPhone,
  }: {
    siteUrl: string;
    companyName: string;
    companyAddress: string;
    companyPhone: string;
  },
  locale: Locale = "en",
): TemplateValues {
  if (locale === "fr")
    return {
      trackingNumber: "UTG-1234-5678",
      headline: "Arrivée à Port of Monrovia",
      status: "Arrivée",
      place: "Port of Monrovia",
      time: "23 nov. 2026, 10:00",
      note: "Conteneur MSKU 123456-7, scellé intact",
      estimatedDelivery: "30 novembre 2026",
      origin: "Shanghai, Chine",
      destination: "Monrovia, Libéria",
      trackingUrl: `${siteUrl.replace(/\/+$/, "")}${localizePath("/track/UTG-1234-5678", "fr")}`,
      companyName,
      companyAddress,
      companyPhone,
    };
  return {
    trackingNumber: "UTG-1234-5678",
    headline: "Arrived at Port of Monrovia",
    status: "Arrived",
    place: "Port of Monrovia",
    time: "Nov 23, 2026 10:00 AM",
    note: "Container MSKU 123456-7, seal intact",
    estimatedDelivery: "November 30, 2026",
    origin: "Shanghai, China",
    destination: "Monrovia, Liberia",
    trackingUrl: `${siteUrl.replace(/\/+$/, "")}/track/UTG-1234-5678`,
    companyName,
    companyAddress,
    companyPhone,
  };
}
