import { z } from "zod";

/** The longest waybill terms: what fits the terms box of the A4 waybill in its small print. */
export const WAYBILL_TERMS_MAX = 3000;

export const DEFAULT_WAYBILL_TERMS =
  "1. The goods are received in apparent good order and condition unless noted, for carriage to the destination shown, subject to these terms and to the conditions of the carriers engaged. " +
  "2. The shipper declares that the description, weight, dimensions and value of the goods are correct, that the goods are properly packed and marked, and that they contain nothing dangerous or prohibited unless declared in writing. " +
  "3. Unless a value is declared above and the corresponding charge paid, the company's liability for loss or damage is limited to the limits of the international convention or law that applies to the mode of transport. " +
  "4. The company is not liable for delay, or for loss or damage caused by customs or other authorities, acts of God, war, strikes, insufficient packing or the nature of the goods. " +
  "5. Claims must be made in writing within 14 days of delivery. Charges are due on receipt of invoice; the company has a lien on the goods for all sums due.";

/** The same terms in French, printed on a French waybill (decision 030): the reader's language. */
export const DEFAULT_WAYBILL_TERMS_FR =
  "1. Les marchandises sont reçues en bon état apparent, sauf réserves, pour être transportées jusqu'à la destination indiquée, aux présentes conditions et à celles des transporteurs auxquels il est fait appel. " +
  "2. L'expéditeur déclare que la désignation, le poids, les dimensions et la valeur des marchandises sont exacts, que les marchandises sont correctement emballées et marquées, et qu'elles ne contiennent rien de dangereux ni d'interdit, sauf déclaration écrite. " +
  "3. Sauf valeur déclarée ci-dessus et paiement du supplément correspondant, la responsabilité de la société en cas de perte ou d'avarie est limitée aux plafonds de la convention internationale ou de la loi applicable au mode de transport. " +
  "4. La société n'est pas responsable des retards, ni des pertes ou avaries causées par la douane ou d'autres autorités, un cas de force majeure, la guerre, les grèves, un emballage insuffisant ou la nature des marchandises. " +
  "5. Toute réclamation doit être faite par écrit dans les 14 jours suivant la livraison. Les frais sont payables à réception de la facture ; la société dispose d'un droit de rétention sur les marchandises pour toutes les sommes dues.";

const termsText = (label: string) =>
  z
    .string({ message: `Enter the ${label}.` })
    .trim()
    .min(1, { message: `Enter the ${label}.` })
    .max(WAYBILL_TERMS_MAX, {
      message: `${label[0]!.toUpperCase()}${label.slice(1)} must be at most ${WAYBILL_TERMS_MAX.toLocaleString("en-US")} characters.`,
    })
    .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(v), {
      message: `${label[0]!.toUpperCase()}${label.slice(1)} contain characters that are not allowed.`,
    });

export const documentSettingsSchema = z.object({
  waybillTerms: termsText("waybill terms"),
  // Left empty (or saved before it existed): read as the default French terms; what a French waybill then prints
  // depends on the English terms (waybillTermsIn in document-settings.server.ts).
  waybillTermsFr: termsText("French waybill terms").default(DEFAULT_WAYBILL_TERMS_FR),
});
export type DocumentSettings = z.output<typeof documentSettingsSchema>;
