// The names of the settings page's forms (one per card) and of their fields that are not settings: what the cards
// post and the page's action reads, kept here so the server never imports a component.

/** 'Change password' (a card of the settings page, and its own page for a forced change). */
export const CHANGE_PASSWORD_INTENT = "change-password";
export const SITE_SETTINGS_INTENT = "site";
export const DOCUMENT_SETTINGS_INTENT = "documents";
export const INVOICE_SETTINGS_INTENT = "invoices";
/** A tax rate's 'Remove' box: its value is the row's place in the form. */
export const TAX_REMOVE = "taxRemove";
export const AUDIT_SETTINGS_INTENT = "activity-log";
export const NOTIFICATIONS_SWITCH_INTENT = "notifications-switch";
export const NOTIFICATIONS_TEST_INTENT = "notifications-test";
export const NOTIFICATIONS_MESSAGES_INTENT = "notifications-messages";
/** The French templates' form (decision 030). */
export const NOTIFICATIONS_FRENCH_MESSAGES_INTENT = "notifications-messages-fr";
