// French for the invoice part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md.
export const invoice = {} as const satisfies Record<string, string>;
