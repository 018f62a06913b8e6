// French for the policies part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md.
export const policies = {} as const satisfies Record<string, string>;
