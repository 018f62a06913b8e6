import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import { enableAfterCommit } from "#app/server/db/after-commit.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import * as schema from "#app/server/db/schema.ts";
import type { SessionUser } from "#app/server/staff/staff-sessions.server.ts";

/**
 * The audit log's link to the app (decision 021): a staff request that may write runs on ONE pool connection
 * that says who acts, so the audit triggers (drizzle/0019) record the staff member, their address and every
 * change in the same transaction as the change.
 *
 * At most pool size − 1 requests hold a connection this way at a time (the others wait here, not in the pool):
 * code running inside such a request that takes a second connection (the settings cache, say) always finds one,
 * so held connections can never wait on each other.
 */

const ACTOR_SETTINGS = ["app.actor_id", "app.actor_name", "app.actor_email", "app.client_address"] as const;

type Waiter = () => void;
const gates = new WeakMap<pg.Pool, { held: number; waiting: Waiter[] }>();

async function enter(pool: pg.Pool): Promise<() => void> {
  let gate = gates.get(pool);
  if (!gate) {
    gate = { held: 0, waiting: [] };
    gates.set(pool, gate);
  }
  const limit = Math.max(1, (pool.options.max ?? 10) - 1);
  const g = gate;
  if (g.held >= limit) await new Promise<void>((resolve) => g.waiting.push(resolve));
  else g.held += 1;
  return () => {
    const next = g.waiting.shift();
    if (next) next();
    else g.held -= 1;
  };
}

/** Whether a request may write: anything but GET and HEAD. */
export function mayWrite(request: Request): boolean {
  return request.method !== "GET" && request.method !== "HEAD";
}

/**
 * One Drizzle handle per pooled connection, made the first time it is used: making one reads the whole schema
 * (about 3 % of the app's CPU under the hostile-input suite, when it was made per request).
 */
const handles = new WeakMap<pg.PoolClient, Db>();
function handleOf(client: pg.PoolClient): Db {
  let db = handles.get(client);
  if (!db) {
    db = enableAfterCommit(drizzle(client, { schema }));
    handles.set(client, db);
  }
  return db;
}

/**
 * Runs `fn` with a database handle on one connection whose settings name `actor` and `clientAddress`; the
 * settings are cleared and the connection returned afterwards (a connection that cannot be cleared is closed,
 * never reused with someone else's name on it).
 */
export async function withActor<T>(
  { pool, actor, clientAddress }: { pool: pg.Pool; actor: SessionUser; clientAddress: string },
  fn: (db: Db) => Promise<T>,
): Promise<T> {
  const leave = await enter(pool);
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    leave();
    throw error;
  }
  let broken: Error | undefined;
  try {
    await client.query(
      "select set_config('app.actor_id', $1, false), set_config('app.actor_name', $2, false), set_config('app.actor_email', $3, false), set_config('app.client_address', $4, false)",
      [actor.id, actor.name ?? "", actor.email, clientAddress],
    );
    return await fn(handleOf(client));
  } finally {
    try {
      await client.query(
        `select ${ACTOR_SETTINGS.map((name) => `set_config('${name}', '', false)`).join(", ")}`,
      );
    } catch (error) {
      broken = error instanceof Error ? error : new Error(String(error));
    }
    client.release(broken);
    leave();
  }
}

/**
 * Middleware body for a staff request: when it may write, the rest of the request (`next`) sees, as
 * `context.get(servicesContext).db`, the handle of a connection that names the signed-in staff member.
 */
export async function runAsActor<T>(
  {
    request,
    context,
    actor,
  }: { request: Request; context: Readonly<RouterContextProvider>; actor: SessionUser },
  next: () => Promise<T>,
): Promise<T> {
  if (!mayWrite(request)) return next();
  const services = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  return withActor({ pool: services.database.pool, actor, clientAddress: clientIp }, (db) => {
    context.set(servicesContext, { ...services, db });
    return next().finally(() => context.set(servicesContext, services));
  });
}
