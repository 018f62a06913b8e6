DROP INDEX IF EXISTS "shipments_created_at_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shipments_created_at_id_idx" ON "shipments" USING btree ("created_at","id");
