// The inboxes' bulk actions (decision 016): the words shared by the page (its confirmation) and the server (its
// toasts), and the form's field names. Browser-safe.

export const BULK_INTENTS = {
  read: "bulk-read",
  unread: "bulk-unread",
  delete: "bulk-delete",
} as const;

export type BulkIntent = (typeof BULK_INTENTS)[keyof typeof BULK_INTENTS];

/** 'selected': the rows chosen (`ids`); 'matching': every row the list's filter (`read`, `q`, `stage`) matches. */
export const BULK_SCOPES = ["selected", "matching"] as const;

export type BulkNoun = { one: string; many: string };

export const BULK_NOUNS = {
  quote: { one: "quote request", many: "quote requests" },
  message: { one: "message", many: "messages" },
} as const satisfies Record<string, BulkNoun>;

/** '1 quote request', '8 quote requests'. */
export function countOf(n: number, noun: BulkNoun): string {
  return `${n} ${n === 1 ? noun.one : noun.many}`;
}

/**
 * The spec's delete confirmation, for N: one item keeps the spec's own sentence ('…delete the quote request.'),
 * several read 'This action cannot be undone. This will permanently delete 8 quote requests.'
 */
export function bulkDeleteDescription(n: number, noun: BulkNoun): string {
  return n === 1
    ? `This action cannot be undone. This will permanently delete the ${noun.one}.`
    : `This action cannot be undone. This will permanently delete ${countOf(n, noun)}.`;
}
