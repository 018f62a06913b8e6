ALTER TABLE "shipments" ADD COLUMN "last_event_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing shipments: their newest history entry, or their creation when that is later (or they have none).
UPDATE "shipments" s SET "last_event_at" = greatest(s."created_at", (SELECT max(h."timestamp") FROM "shipment_status_history" h WHERE h."shipment_id" = s."id"));--> statement-breakpoint
-- Kept by the database from then on, whatever writes the history (the app, a bulk update, an import, a restore).
CREATE OR REPLACE FUNCTION freight_shipment_last_event() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "shipments" SET "last_event_at" = NEW."timestamp"
     WHERE "id" = NEW."shipment_id" AND "last_event_at" < NEW."timestamp";
  ELSE
    UPDATE "shipments" s
       SET "last_event_at" = greatest(s."created_at", (SELECT max(h."timestamp") FROM "shipment_status_history" h WHERE h."shipment_id" = s."id"))
     WHERE s."id" = OLD."shipment_id" OR (TG_OP = 'UPDATE' AND s."id" = NEW."shipment_id");
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- A new shipment starts from its creation (a restore's rows too: their history, loaded after them, raises it again).
CREATE OR REPLACE FUNCTION freight_shipment_first_event() RETURNS trigger AS $$
BEGIN
  NEW."last_event_at" := NEW."created_at";
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER shipments_first_event BEFORE INSERT ON "shipments"
  FOR EACH ROW EXECUTE FUNCTION freight_shipment_first_event();--> statement-breakpoint
CREATE TRIGGER shipment_status_history_last_event AFTER INSERT OR DELETE OR UPDATE OF "timestamp", "shipment_id" ON "shipment_status_history"
  FOR EACH ROW EXECUTE FUNCTION freight_shipment_last_event();--> statement-breakpoint
CREATE INDEX "shipments_open_last_event_idx" ON "shipments" USING btree ("last_event_at") WHERE lower("shipments"."status") <> 'delivered';--> statement-breakpoint
CREATE INDEX "shipments_open_eta_idx" ON "shipments" USING btree ("estimated_delivery") WHERE lower("shipments"."status") <> 'delivered' and "shipments"."estimated_delivery" is not null;--> statement-breakpoint
CREATE INDEX "shipments_delayed_idx" ON "shipments" USING btree ("last_event_at") WHERE lower("shipments"."status") = 'delayed';