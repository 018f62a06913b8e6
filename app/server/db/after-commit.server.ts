/**
 * Work that must wait until a transaction's rows are visible to everyone (a file naming a row another
 * process will look up). `db.transaction` of a database opened by openDatabase keeps a list per transaction
 * and runs it after COMMIT; a rolled-back transaction drops its list. Outside such a transaction (the
 * database itself, a savepoint's nested transaction, a database opened elsewhere) the work runs at once.
 */
const pending = new WeakMap<object, (() => void)[]>();

/** Runs `work` once the transaction `db` belongs to has committed, or now when `db` is not a transaction. */
export function afterCommit(db: object, work: () => void): void {
  const list = pending.get(db);
  if (list) list.push(work);
  else work();
}

type RunInTransaction = (run: (tx: object) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/** Gives `db.transaction` its after-commit list (openDatabase does this to every database it opens). */
export function enableAfterCommit<T extends { transaction: unknown }>(db: T): T {
  const transaction = (db.transaction as RunInTransaction).bind(db);
  const wrapped: RunInTransaction = async (run, config) => {
    const list: (() => void)[] = [];
    const result = await transaction(async (tx) => {
      pending.set(tx, list);
      return run(tx);
    }, config);
    for (const work of list) work();
    return result;
  };
  db.transaction = wrapped as T["transaction"];
  return db;
}
