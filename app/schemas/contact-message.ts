import { z } from "zod";
import { emailField, textField } from "#app/schemas/form-text.ts";
import {
  CONTACT_LIMITS,
  contactMessageRules,
  contactMessages,
} from "#app/schemas/rules/contact-message-rules.ts";

export { CONTACT_LIMITS, contactMessages };

/** The contact form (spec section 5). */
export const contactMessageSchema = z.object({
  name: textField(contactMessageRules.name),
  email: emailField(),
  subject: textField(contactMessageRules.subject),
  message: textField(contactMessageRules.message),
});
