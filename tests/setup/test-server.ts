// Names shared by the run's global setup and each test file's database.

/** The migrated database every test file's database is copied from. */
export const POSTGRES_TEMPLATE = "freight_test_template";

/** The same server, another database (works for TCP and Unix-socket connection strings). */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.href;
}
