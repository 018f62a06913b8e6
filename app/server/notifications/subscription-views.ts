// The public subscription pages' contract (decisions 013 and 014): what 'Get updates' for one shipment, the
// confirmation link of its e-mail and the unsubscribe link of every notification give and answer. Types only, no
// server code: the pages' components import them.
import type { WithWords } from "#app/lib/i18n/use-words.ts";

/** /track/:trackingNumber/updates: the forms of a found shipment, or why there is none. */
export type UpdatesPageData = WithWords &
  (
    | { kind: "rate-limited"; number: string; retryAfterSeconds: number }
    | { kind: "not-found"; number: string }
    | {
        kind: "found";
        number: string;
        /** The shipment's page in this page's language ('Back to shipment', the canonical address). */
        trackingPath: string;
        sms: boolean;
      }
  );

/** What a post to 'Get updates' answers. */
export type UpdatesReply =
  | { step: "email"; error: string; value: string }
  | { step: "email-sent"; address: string }
  | { step: "phone"; error: string; value: string }
  | { step: "code"; phone: string; error?: string }
  | { step: "confirmed"; phone: string }
  | { step: "full" }
  | { step: "failed"; error: string };

/** /subscribe/:token: the subscription the link confirms, or why it cannot. */
export type SubscribeData = (
  | { found: false }
  | { found: false; retryAfterSeconds: number }
  | { found: true; trackingNumber: string; trackingPath: string; address: string; confirmed: boolean }
) &
  WithWords;

/** What the confirmation link's 'Confirm' answers. */
export type SubscribeReply =
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "invalid" | "full" | "confirmed" };

/** /unsubscribe/:token: the subscription the link stops, or why it cannot. */
export type UnsubscribeData = (
  | { found: false }
  | { found: false; retryAfterSeconds: number }
  | { found: true; trackingNumber: string; address: string; unsubscribed: boolean }
) &
  WithWords;

/** What the unsubscribe link's button (or a mail client's one-click post) answers. */
export type UnsubscribeReply = { unsubscribed: boolean };
