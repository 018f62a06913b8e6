CREATE TABLE "shipment_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid,
	"filename" text NOT NULL,
	"file" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"mapping" jsonb,
	"date_format" text,
	"state" text DEFAULT 'uploaded' NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_imports" ADD CONSTRAINT "shipment_imports_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_imports_expires_at_idx" ON "shipment_imports" USING btree ("expires_at");