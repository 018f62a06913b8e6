import { formatMoneyIn, formatNumberIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { type Catalog, makeTranslate, mergeCatalogs, type Translate } from "#app/lib/i18n/translate.ts";
import { formatPercent, formatQuantity } from "#app/lib/invoice-math.ts";
import { formatMinor, minorDigits, minorToInput } from "#app/lib/money.ts";
import { documents } from "#app/server/i18n/fr/documents.ts";
import { french as frenchCatalogs } from "#app/server/i18n/fr/index.ts";

// The words and formats around a document's data in its reader's language (decision 030): the
// fixed words through the catalogs (app/server/i18n/fr/documents.ts), amounts, quantities and rates in the
// language's formats. English is exactly what the documents printed before; what staff typed stays as typed.

const amountFormats = new Map<number, Intl.NumberFormat>();

/** An amount without its currency, as a column of amounts prints it: '1,250.50' / '1 250,50'. */
export function amountIn(locale: Locale, minor: number, currency: string): string {
  if (locale === "en") return formatMinor(minor, currency);
  const digits = minorDigits(currency);
  let format = amountFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: digits, maximumFractionDigits: digits });
    amountFormats.set(digits, format);
  }
  // Exact: Intl reads the decimal text, never a float.
  return format.format(minorToInput(minor, currency) as unknown as number);
}

let documentCatalog: Catalog | undefined;

/**
 * The documents' translator: every catalog, the documents' own words winning over another part's for the same
 * English text (a document says 'Solde dû' whatever a page calls it).
 */
function documentTranslator(locale: Locale): Translate {
  if (locale === "en") return makeTranslate(undefined);
  documentCatalog ??= mergeCatalogs([...Object.values(frenchCatalogs), documents]);
  return makeTranslate(documentCatalog);
}

/** What a document needs to speak its reader's language; English when the context names none. */
export function documentWords(context: { locale?: Locale }) {
  const locale = context.locale ?? "en";
  const french = locale === "fr";
  return {
    locale,
    t: documentTranslator(locale),
    /**
     * One of the app's own words held in a variable (a status, a payment method, a parcel type): its French when
     * the documents' catalog has that very text, else as written. Never read as a template: a status staff
     * typed stays theirs.
     */
    word: (text: string): string =>
      french ? ((documents as Readonly<Record<string, string>>)[text] ?? text) : text,
    /** '1,250.50 USD' / '1 250,50 $US', '150 000 F CFA'. */
    money: (minor: number, currency: string) => formatMoneyIn(locale, minor, currency),
    amount: (minor: number, currency: string) => amountIn(locale, minor, currency),
    /** '2.5' / '2,5'. */
    quantity: (milli: number) => (french ? formatQuantity(milli).replace(".", ",") : formatQuantity(milli)),
    /** '12.5 %' / '12,5 %'. */
    percent: (basisPoints: number) =>
      french ? formatPercent(basisPoints).replace(".", ",") : formatPercent(basisPoints),
    /** '1,250.5' / '1 250,5'. */
    number: (value: number) => formatNumberIn(locale, value),
  };
}
