// The database schema: one module per domain under app/server/db/schema/ (each says which tables it holds and
// which decisions describe them), all re-exported here. This index is the project's one re-export, kept because
// Drizzle's client takes one schema object (client.server.ts: `import * as schema`), drizzle-kit reads the
// schema from here to write the migrations (drizzle.config.ts), and some 180 modules import their tables from
// this path. The column builders (schema/columns.ts) are the modules' own and are not re-exported.
export * from "#app/server/db/schema/audit.ts";
export * from "#app/server/db/schema/blog.ts";
export * from "#app/server/db/schema/customers.ts";
export * from "#app/server/db/schema/deliveries.ts";
export * from "#app/server/db/schema/inbox.ts";
export * from "#app/server/db/schema/invoices.ts";
export * from "#app/server/db/schema/messaging.ts";
export * from "#app/server/db/schema/notifications.ts";
export * from "#app/server/db/schema/parties.ts";
export * from "#app/server/db/schema/payments.ts";
export * from "#app/server/db/schema/settings.ts";
export * from "#app/server/db/schema/shipments.ts";
export * from "#app/server/db/schema/staff.ts";
