// French for the account part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md.
export const account = {} as const satisfies Record<string, string>;
