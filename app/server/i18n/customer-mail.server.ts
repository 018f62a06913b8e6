// The language of the e-mails a customer gets about their quotes, invoices, payments and statements (decision 030,
// decision 030), and the words, dates, money and links written in it. English keeps the spec's formats word for
// word (formatCalendarDate, formatMoney, today's addresses); French follows app/lib/i18n/format.ts and the
// French addresses (/fr/devis/…, /fr/facture/…).
import { and, eq, isNull } from "drizzle-orm";
import { formatCalendarDate } from "#app/lib/format.ts";
import { formatDateIn, formatMoneyIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import type { Translate } from "#app/lib/i18n/translate.ts";
import type { DbOrTx } from "#app/server/db/client.server.ts";
import { consignees, customerMembers, shippers } from "#app/server/db/schema.ts";
import { translatorFor } from "#app/server/i18n/words.server.ts";

/**
 * Whom a message about a billed party's account goes to in: the customer account's member behind the address
 * when there is one (their own choice), otherwise the billed party's language (set by staff); English when
 * neither is known (an address typed by a clerk for nobody on file).
 */
export async function recipientLocale({
  db,
  email,
  party,
}: {
  db: DbOrTx;
  email: string | null | undefined;
  party: { kind: "shipper" | "consignee" | null; id: string | null } | null;
}): Promise<Locale> {
  const address = email?.trim().toLowerCase();
  if (address) {
    const [member] = await db
      .select({ language: customerMembers.language })
      .from(customerMembers)
      .where(and(eq(customerMembers.email, address), isNull(customerMembers.removedAt)));
    if (member) return member.language;
  }
  if (party?.kind && party.id) {
    const table = party.kind === "shipper" ? shippers : consignees;
    const [row] = await db.select({ language: table.language }).from(table).where(eq(table.id, party.id));
    if (row) return row.language;
  }
  return "en";
}

export type MailWords = {
  locale: Locale;
  t: Translate;
  /** '1,245.51 USD' / '1 245,51 $US'. */
  money: (minor: number, currency: string) => string;
  /** A calendar date (YYYY-MM-DD): 'December 7, 2026' / '7 déc. 2026'. */
  date: (isoDate: string) => string;
  /** A customer's page on the site, at its address in the language: '/quote/x' → '…/fr/devis/x'. */
  link: (siteUrl: string, path: string) => string;
};

/** What a customer e-mail is written with in `locale`. */
export function mailWords(locale: Locale): MailWords {
  return {
    locale,
    t: translatorFor(locale),
    money: (minor, currency) => formatMoneyIn(locale, minor, currency),
    date: (isoDate) => (locale === "en" ? formatCalendarDate(isoDate) : formatDateIn(locale, isoDate)),
    link: (siteUrl, path) => `${siteUrl.replace(/\/+$/, "")}${localizePath(path, locale)}`,
  };
}
