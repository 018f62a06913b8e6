-- Public subscriptions on the tracking page (decision 014): a visitor's e-mail address or phone per shipment,
-- confirmed by a link or a 6-digit code; only hashes of the link's token and of the code are stored.
CREATE TABLE "notification_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"secret_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"client_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_subscribers_channel_check" CHECK ("notification_subscribers"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "notification_subscribers" ADD CONSTRAINT "notification_subscribers_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_subscribers_address_idx" ON "notification_subscribers" USING btree ("shipment_id","channel","address");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_subscribers_secret_idx" ON "notification_subscribers" USING btree ("secret_hash");