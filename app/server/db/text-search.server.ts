// Helpers shared by every list that searches text or takes an id from the URL.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a well-formed UUID; anything else can never be a row id, so it is not looked up. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** A LIKE pattern that matches the term literally anywhere in the text (wildcards escaped). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A typed search term as the database may get it: no control characters (PostgreSQL refuses NUL), trimmed. */
export function searchTermOf(search: string | null | undefined): string {
  return search?.replace(/[\u0000-\u001f\u007f]/g, "").trim() ?? "";
}
