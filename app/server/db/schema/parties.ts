// The address book: shippers and consignees, two tables of the same columns (partyColumns). Shipments, invoices
// and customer companies point at them (docs/decisions/026-invoices.md, 029-customer-accounts.md).
import { boolean, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, language, updatedAt } from "#app/server/db/schema/columns.ts";

const partyColumns = () => ({
  id: id(),
  name: text("name").notNull(),
  company: text("company"),
  email: text("email"),
  phone: text("phone"),
  address: text("address"),
  /** Invoices to this customer get no payment reminders (decision 026). */
  noReminders: boolean("no_reminders").notNull().default(false),
  /**
   * Whether the e-mail and phone on this record may ask for a sign-in code to the customer account by
   * themselves (decision 029); staff switch it off for a party whose contacts must be invited.
   */
  selfSignIn: boolean("self_sign_in").notNull().default(true),
  /**
   * The language messages and documents go to this party in (decision 030): set by staff, guessed from the phone's
   * country when the party is made (French for the French-speaking countries of West Africa).
   */
  language: language(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const shippers = pgTable("shippers", partyColumns(), (t) => [index("shippers_name_idx").on(t.name)]);
export const consignees = pgTable("consignees", partyColumns(), (t) => [
  index("consignees_name_idx").on(t.name),
]);
