// French for the forms part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md.
export const forms = {} as const satisfies Record<string, string>;
