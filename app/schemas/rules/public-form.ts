import type { SubmissionResult } from "@conform-to/react";

/** The public forms; each posts with a hidden `intent` field naming it. */
export type PublicFormName = "quote" | "contact" | "service-inquiry";

/** success: stored (or a resubmission, or the honeypot); invalid: 400; rate-limited: 429; failed: the database failed. */
type PublicFormOutcome = "success" | "invalid" | "rate-limited" | "failed";

/**
 * What a stored submission tells the visitor back, for the confirmation that stays on the page: the
 * e-mail address the answer goes to and a few labelled lines of what was sent (e.g. the subject).
 */
export type SentSummary = {
  email: string;
  details: { label: string; value: string }[];
};

/** What a public form's action answers: the Conform result (errors, values to keep) and the outcome. */
export type PublicFormReply = {
  form: PublicFormName | null;
  outcome: PublicFormOutcome;
  result: SubmissionResult<string[]>;
  /** On success, what was sent (absent when a bot filled the honeypot: nothing was stored). */
  sent?: SentSummary;
};

export const INTENT_FIELD = "intent";
/** A random token per form render: a double click or a resubmitted page stores one row. */
export const SUBMISSION_KEY_FIELD = "submissionKey";
/** A field people never see or fill; a bot that fills it gets a success answer and nothing is stored. */
export const HONEYPOT_FIELD = "website";

export const FORM_UNREADABLE_MESSAGE = "The form could not be read. Please reload the page and try again.";

/** The answers of the quote form and of the side form on /services ('Get a Quote'). */
export const quoteFeedbackMessages = {
  success: "Quote request submitted successfully. We'll contact you soon!",
  failure: "Failed to submit quote request. Please try again later.",
} as const;
