// French for the about part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md.
export const about = {} as const satisfies Record<string, string>;
