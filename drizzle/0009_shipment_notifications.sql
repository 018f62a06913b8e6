-- Shipment notifications (decision 013): recipients' switches, the per-shipment pause and pending notification,
-- unsubscribes and the log linking outbox messages to shipments.
CREATE TABLE "notification_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"outbox_id" uuid NOT NULL,
	"role" text NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_unsubscribes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"token" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_notification_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"role" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_notification_recipients_role_check" CHECK ("shipment_notification_recipients"."role" in ('shipper', 'consignee'))
);
--> statement-breakpoint
CREATE TABLE "shipment_notification_state" (
	"shipment_id" uuid PRIMARY KEY NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"pending" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"due_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"batches" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_log" ADD CONSTRAINT "notification_log_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_log" ADD CONSTRAINT "notification_log_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_unsubscribes" ADD CONSTRAINT "notification_unsubscribes_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_notification_recipients" ADD CONSTRAINT "shipment_notification_recipients_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_notification_state" ADD CONSTRAINT "shipment_notification_state_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_log_shipment_idx" ON "notification_log" USING btree ("shipment_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "notification_unsubscribes_token_idx" ON "notification_unsubscribes" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_unsubscribes_address_idx" ON "notification_unsubscribes" USING btree ("shipment_id","channel","address");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_notification_recipients_idx" ON "shipment_notification_recipients" USING btree ("shipment_id","role");--> statement-breakpoint
CREATE INDEX "shipment_notification_state_due_idx" ON "shipment_notification_state" USING btree ("due_at") WHERE due_at is not null;--> statement-breakpoint
-- The master switch (Settings → Notifications, decision 013): on for a new site (no row: the default), off for a
-- site upgraded from a release without notifications (one that already has shipments), so its customers are
-- not messaged before the staff choose it.
INSERT INTO "site_settings" ("key", "value")
  SELECT 'notifications', '{"enabled": false}'::jsonb WHERE EXISTS (SELECT 1 FROM "shipments")
  ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
-- A pending notification falling due is announced on 'freight_events' (at commit), so every instance's
-- notification scheduler looks at once instead of at its next poll.
CREATE OR REPLACE FUNCTION freight_notify_notification_due() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('freight_events', json_build_object('type', 'notifications.due')::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER shipment_notification_state_notify AFTER INSERT OR UPDATE OF due_at ON shipment_notification_state
  FOR EACH STATEMENT EXECUTE FUNCTION freight_notify_notification_due();
