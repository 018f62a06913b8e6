// The customer's mobile-money form (decision 027): its field limits, shared by the page and the server.

/** The longest wallet number typed ("+231 88 600 0001" with spaces is 16). */
export const PAYER_MAX = 40;
/** The longest amount typed. */
export const AMOUNT_MAX = 30;
