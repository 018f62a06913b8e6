// The customer's mobile-money form (decision 027): its field limits, shared by the page and the server.

/** The longest wallet number typed ("+231 88 600 0001" with spaces is 16). */
export const PAYER_MAX = 40;
/** The longest amount typed. */
export const AMOUNT_MAX = 30;
/** The field saying what the form does: 'cancel' a waiting request (with its id in `request`), or (absent) pay. */
export const PAY_INTENT_FIELD = "intent";
export const CANCEL_INTENT = "cancel";
