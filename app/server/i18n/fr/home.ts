// French for the home part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md.
export const home = {} as const satisfies Record<string, string>;
