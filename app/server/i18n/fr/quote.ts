// French for the quote part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md.
export const quote = {} as const satisfies Record<string, string>;
