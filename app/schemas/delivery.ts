import { z } from "zod";
import { eventTime } from "#app/schemas/shipment-status.ts";
import { CONTROL, ONE_LINE_CONTROL } from "#app/schemas/text-rules.ts";

// The 'Record delivery' form (/admin/shipments/:id/deliver). Its images (signature, photos) are files, checked
// by the server's media rules (app/server/shipments/delivery-images.server.ts), not here.

/** At most this many photos per delivery. */
export const MAX_DELIVERY_PHOTOS = 3;
export const RECEIVER_NAME_MAX = 120;
export const DELIVERY_NOTE_MAX = 1000;

const deliveryText = (label: string) =>
  z
    .string()
    .trim()
    .max(DELIVERY_NOTE_MAX, { message: `${label} must be at most ${DELIVERY_NOTE_MAX} characters.` })
    .refine((v) => !CONTROL.test(v), { message: `${label} contains characters that are not allowed.` })
    .optional()
    .transform((v) => (v ? v : null));

export const DELIVERY_INTENTS = { save: "save-delivery", removePhoto: "remove-photo" } as const;

export const draftIdSchema = z.uuid({ message: "This delivery form has expired. Please open it again." });

export const deliverySchema = ({ timeZone, now = new Date() }: { timeZone: string; now?: Date }) =>
  z.object({
    draftId: draftIdSchema,
    receiverName: z
      .string({ message: "Receiver's name is required." })
      .trim()
      .min(1, { message: "Receiver's name is required." })
      .max(RECEIVER_NAME_MAX, { message: `Receiver's name must be at most ${RECEIVER_NAME_MAX} characters.` })
      .refine((v) => !ONE_LINE_CONTROL.test(v), {
        message: "Receiver's name contains characters that are not allowed.",
      }),
    deliveredAt: eventTime({ timeZone, now }),
    /** What the receiver remarked (damage, shortage): printed on the delivery note the consignee gets. */
    remarks: deliveryText("Receiver's remarks"),
    /** Staff's own note: never on anything a customer sees. */
    internalNote: deliveryText("Internal note"),
    keepLocation: z
      .string()
      .optional()
      .transform((v) => v === "on"),
  });
export type DeliveryInput = z.output<ReturnType<typeof deliverySchema>>;
