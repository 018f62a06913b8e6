// Reading a database: its tables in foreign-key order, its applied migrations, and its rows as backup lines.
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type Header,
  type MigrationState,
  type Query,
  quoteIdent,
  ROWS_PER_FETCH,
  ROWS_PER_FETCH_WITH_BYTES,
  TABLES_LEFT_OUT,
} from "#app/server/db/backup/format.server.ts";

export type TableInfo = { name: string; columns: string[]; hasBytes: boolean };

/** The app's tables (schema public) with their insertable columns, in foreign-key order (parents first). */
export async function listTables(query: Query): Promise<TableInfo[]> {
  const { rows: columns } = await query(
    `select c.relname as table, a.attname as column, a.atttypid = 'bytea'::regtype as bytes
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const tables = new Map<string, TableInfo>();
  for (const row of columns) {
    const name = String(row.table);
    const table = tables.get(name) ?? { name, columns: [], hasBytes: false };
    table.columns.push(String(row.column));
    table.hasBytes ||= row.bytes === true;
    tables.set(name, table);
  }
  // A deferrable reference is checked at commit, so it does not order the load (quote_requests and shipments
  // point at each other; decision 016).
  const { rows: references } = await query(
    `select distinct child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
       join pg_namespace cn on cn.oid = child.relnamespace
       join pg_namespace pn on pn.oid = parent.relnamespace
      where k.contype = 'f' and cn.nspname = 'public' and pn.nspname = 'public'
        and child.oid <> parent.oid and not k.condeferrable`,
  );
  const order = sortByReferences(
    [...tables.keys()],
    references.map((r) => ({ child: String(r.child), parent: String(r.parent) })),
  );
  return order.map((name) => tables.get(name)!);
}

/** Kahn's topological sort, alphabetical among equals, so the order is the same on every run. */
function sortByReferences(names: string[], references: { child: string; parent: string }[]): string[] {
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references) {
    if (parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  }
  const sorted: string[] = [];
  const remaining = new Set(names);
  while (remaining.size > 0) {
    const ready = [...remaining].filter((name) => [...parents.get(name)!].every((p) => !remaining.has(p)));
    if (ready.length === 0) {
      throw new BackupError(`The tables ${[...remaining].join(", ")} reference each other in a cycle.`);
    }
    ready.sort();
    for (const name of ready) {
      sorted.push(name);
      remaining.delete(name);
    }
  }
  return sorted;
}

/** How many drizzle migrations a database has applied, and the last one. */
export async function readAppliedMigrations(query: Query): Promise<MigrationState> {
  const { rows: present } = await query(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (present[0]?.present !== true) return { count: 0, lastCreatedAt: null, lastHash: null };
  const { rows } = await query(
    `select (select count(*)::int from drizzle.__drizzle_migrations) as count, hash, created_at::text as created_at
       from drizzle.__drizzle_migrations order by created_at desc nulls last, id desc limit 1`,
  );
  const last = rows[0];
  if (!last) return { count: 0, lastCreatedAt: null, lastHash: null };
  return {
    count: Number(last.count),
    lastCreatedAt: last.created_at == null ? null : Number(last.created_at),
    lastHash: last.hash == null ? null : String(last.hash),
  };
}

async function* fetchRowLines(query: Query, table: TableInfo): AsyncGenerator<string> {
  const perFetch = table.hasBytes ? ROWS_PER_FETCH_WITH_BYTES : ROWS_PER_FETCH;
  await query(
    `declare backup_rows no scroll cursor for select to_jsonb(backup_row)::text as line from public.${quoteIdent(table.name)} backup_row`,
  );
  for (;;) {
    const { rows } = await query(`fetch forward ${perFetch} from backup_rows`);
    for (const row of rows) yield String(row.line);
    if (rows.length < perFetch) break;
  }
  await query("close backup_rows");
}

/**
 * The lines of a backup of the database `query` reaches, read in one REPEATABLE READ READ ONLY
 * transaction (it begins and ends it: give it a connection of its own). `leaveOut` names tables to skip.
 */
export async function* streamBackupLines({
  query,
  leaveOut = TABLES_LEFT_OUT,
  now = new Date(),
}: {
  query: Query;
  leaveOut?: readonly string[];
  now?: Date;
}): AsyncGenerator<string> {
  await query("begin isolation level repeatable read read only");
  let finished = false;
  try {
    await query("set local bytea_output = 'hex'");
    await query("set local timezone = 'UTC'");
    const migrations = await readAppliedMigrations(query);
    const all = await listTables(query);
    const tables = all.filter((t) => !leaveOut.includes(t.name));
    const header: Header = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      migrations,
      tables: tables.map((t) => t.name),
      leftOut: all.filter((t) => leaveOut.includes(t.name)).map((t) => t.name),
    };
    yield JSON.stringify(header);
    const rows: Record<string, number> = {};
    for (const table of tables) {
      yield JSON.stringify({ $table: table.name, columns: table.columns });
      rows[table.name] = 0;
      for await (const line of fetchRowLines(query, table)) {
        rows[table.name]! += 1;
        yield line;
      }
    }
    yield JSON.stringify({ $end: { rows } });
    await query("commit");
    finished = true;
  } finally {
    if (!finished) await query("rollback").catch(() => {});
  }
}
