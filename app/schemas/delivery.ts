import { z } from "zod";
import { eventTime } from "#app/schemas/shipment-status.ts";
import { optionalText, requiredText } from "#app/schemas/text-rules.ts";

// The 'Record delivery' form (/admin/shipments/:id/deliver). Its images (signature, photos) are files, checked
// by the server's media rules (app/server/shipments/delivery-images.server.ts), not here.

/** At most this many photos per delivery. */
export const MAX_DELIVERY_PHOTOS = 3;
export const RECEIVER_NAME_MAX = 120;
export const DELIVERY_NOTE_MAX = 1000;

export const DELIVERY_INTENTS = { save: "save-delivery", removePhoto: "remove-photo" } as const;

export const draftIdSchema = z.uuid({ message: "This delivery form has expired. Please open it again." });

export const deliverySchema = ({ timeZone, now = new Date() }: { timeZone: string; now?: Date }) =>
  z.object({
    draftId: draftIdSchema,
    receiverName: requiredText("Receiver's name", { max: RECEIVER_NAME_MAX }),
    deliveredAt: eventTime({ timeZone, now }),
    /** What the receiver remarked (damage, shortage): printed on the delivery note the consignee gets. */
    remarks: optionalText("Receiver's remarks", DELIVERY_NOTE_MAX, true),
    /** Staff's own note: never on anything a customer sees. */
    internalNote: optionalText("Internal note", DELIVERY_NOTE_MAX, true),
    keepLocation: z
      .string()
      .optional()
      .transform((v) => v === "on"),
  });
export type DeliveryInput = z.output<ReturnType<typeof deliverySchema>>;
