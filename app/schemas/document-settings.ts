import { z } from "zod";

/** The longest waybill terms: what fits the terms box of the A4 waybill in its small print. */
export const WAYBILL_TERMS_MAX = 3000;

export const DEFAULT_WAYBILL_TERMS =
  "1. The goods are received in apparent good order and condition unless noted, for carriage to the destination shown, subject to these terms and to the conditions of the carriers engaged. " +
  "2. The shipper declares that the description, weight, dimensions and value of the goods are correct, that the goods are properly packed and marked, and that they contain nothing dangerous or prohibited unless declared in writing. " +
  "3. Unless a value is declared above and the corresponding charge paid, the company's liability for loss or damage is limited to the limits of the international convention or law that applies to the mode of transport. " +
  "4. The company is not liable for delay, or for loss or damage caused by customs or other authorities, acts of God, war, strikes, insufficient packing or the nature of the goods. " +
  "5. Claims must be made in writing within 14 days of delivery. Charges are due on receipt of invoice; the company has a lien on the goods for all sums due.";

export const documentSettingsSchema = z.object({
  waybillTerms: z
    .string({ message: "Enter the waybill terms." })
    .trim()
    .min(1, { message: "Enter the waybill terms." })
    .max(WAYBILL_TERMS_MAX, {
      message: `Waybill terms must be at most ${WAYBILL_TERMS_MAX.toLocaleString("en-US")} characters.`,
    })
    .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(v), {
      message: "Waybill terms contain characters that are not allowed.",
    }),
});
export type DocumentSettings = z.output<typeof documentSettingsSchema>;
