import type { TextRule } from "#app/schemas/rules/form-rules.ts";

// The contact form's rules without zod: contact-message.ts builds the server's schema from them, public-form-checks.ts
// the browser's check.

export const CONTACT_LIMITS = {
  name: 100,
  subject: 200,
  message: 5000,
} as const;

export const contactMessages = {
  name: "Name must be at least 2 characters.",
  email: "Please enter a valid email address.",
  subject: "Subject must be at least 5 characters.",
  message: "Message must be at least 10 characters.",
  successTitle: "Message sent successfully!",
  successDescription: "We'll get back to you as soon as possible.",
  failureTitle: "Failed to send message",
  failureDescription: "Please try again later.",
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
