import type { MessageChannel, MessageTopic } from "#app/lib/customer-preferences.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";

// /account/preferences: what its loader gives and its action answers; the component imports these
// (never the server modules).

/** The intent of the page's form. */
export const SAVE_PREFERENCES_INTENT = "save-preferences";

/** What the preferences page shows for a member: their addresses, the channels offered, their choices. */
export type PreferencesForm = {
  name: string;
  email: string | null;
  phone: string | null;
  language: Locale;
  offered: MessageChannel[];
  chosen: Record<MessageTopic, MessageChannel[]>;
};

export type PreferencesPageData = PreferencesForm & {
  /** The page opened in a newly chosen language, after saving. */
  saved: boolean;
};

export type PreferencesReply = { error: string } | { done: string };
