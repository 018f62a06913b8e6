// French for the tracking part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md.
export const tracking = {} as const satisfies Record<string, string>;
