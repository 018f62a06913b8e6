CREATE TABLE "quote_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "quote_lines_amount_check" CHECK ("quote_lines"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_request_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"state" text NOT NULL,
	"currency" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"valid_until" date NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"transit_time" text,
	"incoterm" text,
	"terms" text,
	"note" text,
	"token_hash" text,
	"created_by" uuid,
	"sent_at" timestamp with time zone,
	"sent_by" uuid,
	"replaced_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_name" text,
	"accepted_ip" text,
	"accepted_user_agent" text,
	"declined_at" timestamp with time zone,
	"decline_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_total_check" CHECK ("quotes"."total_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "quote_state" text;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "quote_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "booked_shipment_id" uuid;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "quote_request_id" uuid;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_sent_by_admin_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_position_idx" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_request_version_idx" ON "quotes" USING btree ("quote_request_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_token_hash_idx" ON "quotes" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_draft_idx" ON "quotes" USING btree ("quote_request_id") WHERE "quotes"."state" = 'draft';--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_booked_shipment_id_shipments_id_fk" FOREIGN KEY ("booked_shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_quote_request_idx" ON "shipments" USING btree ("quote_request_id");--> statement-breakpoint
-- A customer's answer to a quote (accepted or declined on /quote/:token) is announced on 'freight_events' like a
-- new quote request (drizzle/0002), so the staff's bell hears it from any app instance.
CREATE OR REPLACE FUNCTION freight_notify_quote_answer() RETURNS trigger AS $$
BEGIN
  IF NEW.state IN ('accepted', 'declined') AND OLD.state IS DISTINCT FROM NEW.state THEN
    PERFORM pg_notify(
      'freight_events',
      json_build_object('type', 'quote.answered', 'id', NEW.quote_request_id, 'state', NEW.state)::text
    );
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER quotes_notify_answer AFTER UPDATE OF state ON quotes
  FOR EACH ROW EXECUTE FUNCTION freight_notify_quote_answer();
