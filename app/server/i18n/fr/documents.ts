// French for the documents part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md.
export const documents = {} as const satisfies Record<string, string>;
