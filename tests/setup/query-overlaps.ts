// What pg itself is asked on one connection: the tests of one query at a time (app/server/db/one-query-at-a-time.server.ts).
import type pg from "pg";

/** Counts the queries pg's own `query` gets while another of the connection's queries still runs. */
export function watchOverlaps(client: pg.ClientBase) {
  const watch = { queries: 0, overlaps: 0 };
  let running = 0;
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: typeof send }).query = (...args) => {
    const answer = send(...args);
    if (!(answer instanceof Promise)) return answer;
    watch.queries++;
    if (running > 0) watch.overlaps++;
    running++;
    return answer.finally(() => running--);
  };
  return watch;
}
