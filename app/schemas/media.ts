import { z } from "zod";
import { maxLengthMessage, singleValueMessage } from "#app/schemas/form-text.ts";

export const ALT_MAX_LENGTH = 300;

/** The media library's two forms on an image: its alt text (saved in place) and 'Delete'. */
export const ALT_INTENT = "alt";
export const DELETE_INTENT = "delete";

const mediaId = z.uuid({ error: "This image no longer exists." });

/** The alt text of one library image (may be empty: then the image is treated as decorative). */
export const mediaAltSchema = z.object({
  id: mediaId,
  alt: z
    .string({ error: () => singleValueMessage("Alt text") })
    .trim()
    .max(ALT_MAX_LENGTH, { error: maxLengthMessage("Alt text", ALT_MAX_LENGTH) })
    .refine((value) => !/\p{Cc}/u.test(value), {
      error: "Alt text contains characters that are not allowed.",
    })
    .default(""),
});

export const mediaDeleteSchema = z.object({ id: mediaId });
