// French for the notifications part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md.
export const notifications = {} as const satisfies Record<string, string>;
