// French for the emails part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md.
export const emails = {} as const satisfies Record<string, string>;
