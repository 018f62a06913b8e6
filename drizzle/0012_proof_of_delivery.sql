CREATE TABLE "delivery_note_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"draft_id" uuid NOT NULL,
	"delivery_id" uuid,
	"mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"draft_id" uuid NOT NULL,
	"receiver_name" text NOT NULL,
	"delivered_at" timestamp with time zone NOT NULL,
	"signature" "bytea",
	"note" text,
	"history_id" uuid,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_note_tokens" ADD CONSTRAINT "delivery_note_tokens_delivery_id_shipment_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."shipment_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_photos" ADD CONSTRAINT "delivery_photos_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_photos" ADD CONSTRAINT "delivery_photos_delivery_id_shipment_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."shipment_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_deliveries" ADD CONSTRAINT "shipment_deliveries_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_deliveries" ADD CONSTRAINT "shipment_deliveries_history_id_shipment_status_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."shipment_status_history"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_deliveries" ADD CONSTRAINT "shipment_deliveries_recorded_by_admin_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_note_tokens_hash_idx" ON "delivery_note_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "delivery_photos_draft_idx" ON "delivery_photos" USING btree ("draft_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_photos_delivery_idx" ON "delivery_photos" USING btree ("delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_deliveries_draft_idx" ON "shipment_deliveries" USING btree ("draft_id");--> statement-breakpoint
CREATE INDEX "shipment_deliveries_shipment_idx" ON "shipment_deliveries" USING btree ("shipment_id","delivered_at" DESC NULLS LAST);