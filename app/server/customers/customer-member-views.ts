import type { MessageChannel, MessageTopic } from "#app/lib/customer-preferences.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";

// The account's own people pages (issue 29): /account/colleagues and /account/preferences. What their loaders
// give and actions answer; components import these types (never the server modules).

/** The forms of the two pages, by their intent. */
export const MEMBER_PAGE_INTENTS = {
  inviteColleague: "invite-colleague",
  cancelInvitation: "cancel-invitation",
  savePreferences: "save-preferences",
} as const;

/** One person who may sign in (a member), or who is invited and joins when they first sign in. */
export type ColleagueRow = { id: string; name: string; email: string | null; phone: string | null };

export type ColleaguesPageData = {
  /** Whether the signed-in member may add colleagues and cancel invitations. */
  canInvite: boolean;
  /** Whether a mobile number may be typed (text messages are set up here). */
  phone: boolean;
  /** Who to ask to add a colleague, when that is someone else. */
  inviterName: string | null;
  members: (ColleagueRow & { you: boolean })[];
  invitations: ColleagueRow[];
};

export type ColleaguesReply =
  | { error: string; values: { name: string; email: string; phone: string } }
  | { done: string };

export type PreferencesPageData = {
  name: string;
  email: string | null;
  phone: string | null;
  language: Locale;
  offered: MessageChannel[];
  chosen: Record<MessageTopic, MessageChannel[]>;
  /** The page opened in a newly chosen language, after saving. */
  saved: boolean;
};

export type PreferencesReply = { error: string } | { done: string };
