// French for the services part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md.
export const services = {} as const satisfies Record<string, string>;
