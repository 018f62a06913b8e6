// French for the blog part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md.
export const blog = {} as const satisfies Record<string, string>;
