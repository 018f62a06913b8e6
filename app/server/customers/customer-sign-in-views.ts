import type { WithWords } from "#app/lib/i18n/use-words.ts";

// The sign-in pages of the customer account: /account, /account/code and the code e-mail's link.
// What their loaders give and actions answer; components import these types (never the server modules).

/** /account: whether a mobile number may be typed, and the account page to return to. */
export type SignInPageData = { phone: boolean; redirectTo: string } & WithWords;

/** A refused request for a code: the message and what was typed. */
export type SignInReply = { error: string; value: string };

/** What the code page shows of the attempt this browser holds ('a***@example.com', by e-mail, 6 digits). */
export type SignInAttemptView = { sentTo: string; channel: "email" | "sms"; digits: number };

export type CodePageData = { attempt: SignInAttemptView | null; redirectTo: string } & WithWords;

/** A refused code; `expired` when only a new code helps. */
export type CodeReply = { error: string; expired?: boolean };

/** The sign-in link: whether it still works, or the seconds to wait when too many links were opened. */
export type SignInLinkPageData = { works: boolean; retryAfter: number | null } & WithWords;

export type SignInLinkReply = { failed: true };
