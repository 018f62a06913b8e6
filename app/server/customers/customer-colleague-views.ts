// /account/colleagues: what its loader gives and its action answers; the component imports these
// (never the server modules). One module a page: each page's script carries only its own intents.

/** The page's forms, by their intent. */
export const COLLEAGUE_INTENTS = { invite: "invite-colleague", cancel: "cancel-invitation" } as const;

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
