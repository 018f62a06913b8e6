// The address book's party form: a party's own fields are checked by partySchema (app/schemas/shipment.ts), the
// same rules as on the shipment pages, with the address book's own fields added.
import { z } from "zod";
import { partyRoleSchema } from "#app/schemas/party-admin.ts";
import { partyLanguageSchema } from "#app/schemas/party-language.ts";
import { partySchema } from "#app/schemas/shipment.ts";

/** 'No reminders' (decision 026): a ticked box posts "on"; anything else, or nothing, leaves it off. */
const noRemindersSchema = z
  .string()
  .optional()
  .transform((value) => value === "on");

/**
 * A party saved from the address book: its fields, whether its invoices get payment reminders and the
 * language it is written to in (decision 030; not sent: left as it is, or guessed from the phone for a new one).
 */
export const partyUpdateSchema = partySchema.extend({
  noReminders: noRemindersSchema,
  language: partyLanguageSchema,
});

/** A new party: its fields and which of the two lists it joins. */
export const partyCreateSchema = partyUpdateSchema.extend({ role: partyRoleSchema });
