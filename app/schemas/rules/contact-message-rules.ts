import { CONTACT_LIMITS, contactFeedbackMessages } from "#app/schemas/rules/form-options.ts";
import type { TextRule } from "#app/schemas/rules/form-rules.ts";

// The contact form's rules without zod: contact-message.ts builds the server's schema from them, public-form-checks.ts
// the browser's check.

export { CONTACT_LIMITS } from "#app/schemas/rules/form-options.ts";

export const contactMessages = {
  name: "Name must be at least 2 characters.",
  email: "Please enter a valid email address.",
  subject: "Subject must be at least 5 characters.",
  message: "Message must be at least 10 characters.",
  ...contactFeedbackMessages,
} as const;

export const contactMessageRules = {
  name: { label: "Name", min: 2, minMessage: contactMessages.name, max: CONTACT_LIMITS.name },
  subject: { label: "Subject", min: 5, minMessage: contactMessages.subject, max: CONTACT_LIMITS.subject },
  message: {
    label: "Message",
    min: 10,
    minMessage: contactMessages.message,
    max: CONTACT_LIMITS.message,
    multiline: true,
  },
} satisfies Record<string, TextRule>;
