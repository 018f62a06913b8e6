// What a failed statement means, as node-postgres and PGlite report it (directly, or as the cause of Drizzle's
// error).

/** Postgres' unique_violation, of `constraint` when given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (e.code === "23505" && (!constraint || !e.constraint || e.constraint === constraint)) return true;
    if (constraint && typeof e.message === "string" && e.message.includes(constraint)) return true;
    current = e.cause;
  }
  return false;
}
