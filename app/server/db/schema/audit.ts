// The audit log of staff writes (docs/decisions/021-audit-log.md), filled by database triggers.
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "#app/server/db/schema/columns.ts";
import { adminUsers } from "#app/server/db/schema/staff.ts";

/**
 * The audit log (decision 021): one row per staff write, written by database triggers on the audited
 * tables in the same transaction as the change (drizzle/0019, '-- hand-written'), from the connection settings
 * app.actor_id, app.actor_name, app.actor_email and app.client_address that the admin middleware sets on its
 * pinned connection (app/server/audit/audit-connection.server.ts). Sign-ins and failed sign-ins are inserted by
 * the login code. Rows are never updated (a trigger refuses it, except the foreign key's SET NULL) and only the
 * daily prune deletes them. `changes` is {column: [before, after]}; password hashes, tokens, secrets and bytes
 * never appear in it.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    createdAt: createdAt(),
    actorId: uuid("actor_id").references(() => adminUsers.id, { onDelete: "set null" }),
    /** Copied at the time: the account may be renamed or deleted later. */
    actorName: text("actor_name"),
    actorEmail: text("actor_email"),
    clientAddress: text("client_address"),
    /** insert, update, delete, sign_in, sign_in_failed, sign_out, password_change, password_reset */
    action: text("action").notNull(),
    /** The table name (shipments, shippers, …) or a kind (session). */
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    /** The shipment the row belongs to (a shipment, its history, deliveries, recipients): its Activity card. */
    shipmentId: uuid("shipment_id"),
    changes: jsonb("changes"),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt.desc()),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt.desc()),
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.createdAt.desc()),
    index("audit_log_shipment_idx")
      .on(t.shipmentId, t.createdAt.desc())
      .where(sql`${t.shipmentId} is not null`),
  ],
);
