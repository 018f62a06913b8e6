import type pg from "pg";

/**
 * Makes a connection send each query once the one before it has answered. Code holding one connection (a
 * transaction, or a staff request's audit connection, decision 021) may ask for several things at once: a page's
 * loaders do, with `Promise.all`. pg then queued them itself, which it deprecates (a warning in every run of the
 * test suite) and pg 9 refuses. The order is the one pg kept: first asked, first sent; a failed query does not
 * hold up the next.
 *
 * Only queries that answer with a promise wait their turn: one with a callback (how the pool's own `pool.query`
 * asks, on a connection nobody else holds) or a cursor goes straight through.
 */
export function sendOneQueryAtATime(client: pg.ClientBase): void {
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  let last: Promise<unknown> = Promise.resolve();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    const first = args[0] as { submit?: unknown } | null | undefined;
    if (typeof args.at(-1) === "function" || typeof first?.submit === "function") return send(...args);
    const answer = last.then(() => send(...args));
    last = answer.catch(() => {});
    return answer;
  };
}
