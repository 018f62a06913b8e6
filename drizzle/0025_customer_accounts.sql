CREATE TABLE "customer_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_company_parties" (
	"company_id" uuid NOT NULL,
	"party_kind" text NOT NULL,
	"party_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_company_parties_party_kind_party_id_pk" PRIMARY KEY("party_kind","party_id"),
	CONSTRAINT "customer_company_parties_kind_check" CHECK ("customer_company_parties"."party_kind" in ('shipper', 'consignee'))
);
--> statement-breakpoint
CREATE TABLE "customer_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"language" text DEFAULT 'en' NOT NULL,
	"can_invite" boolean DEFAULT false NOT NULL,
	"message_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"invited_by_staff_id" uuid,
	"invited_by_member_id" uuid,
	"last_sign_in_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_members_address_check" CHECK ("customer_members"."email" is not null or "customer_members"."phone" is not null),
	CONSTRAINT "customer_members_language_check" CHECK ("customer_members"."language" in ('en', 'fr'))
);
--> statement-breakpoint
CREATE TABLE "customer_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"attempt_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"link_hash" text,
	"member_id" uuid,
	"shipment_id" uuid,
	"deliverable" boolean NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"client_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_time_codes_purpose_check" CHECK ("one_time_codes"."purpose" in ('customer_sign_in', 'shipment_details')),
	CONSTRAINT "one_time_codes_channel_check" CHECK ("one_time_codes"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "shipment_detail_grants" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"shipment_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consignees" ADD COLUMN "self_sign_in" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shippers" ADD COLUMN "self_sign_in" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_company_parties" ADD CONSTRAINT "customer_company_parties_company_id_customer_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."customer_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_members" ADD CONSTRAINT "customer_members_company_id_customer_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."customer_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_members" ADD CONSTRAINT "customer_members_invited_by_staff_id_admin_users_id_fk" FOREIGN KEY ("invited_by_staff_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_members" ADD CONSTRAINT "customer_members_invited_by_member_id_customer_members_id_fk" FOREIGN KEY ("invited_by_member_id") REFERENCES "public"."customer_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_member_id_customer_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."customer_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_member_id_customer_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."customer_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_detail_grants" ADD CONSTRAINT "shipment_detail_grants_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_company_parties_company_idx" ON "customer_company_parties" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "customer_members_company_idx" ON "customer_members" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_members_email_idx" ON "customer_members" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_members_phone_idx" ON "customer_members" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "customer_sessions_member_idx" ON "customer_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "customer_sessions_expires_idx" ON "customer_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_codes_attempt_idx" ON "one_time_codes" USING btree ("attempt_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_codes_link_idx" ON "one_time_codes" USING btree ("link_hash");--> statement-breakpoint
CREATE INDEX "one_time_codes_expires_idx" ON "one_time_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "shipment_detail_grants_expires_idx" ON "shipment_detail_grants" USING btree ("expires_at");--> statement-breakpoint
-- hand-written
-- Staff invitations, removals and company changes are in the activity log (decision 021, issue 29).
CREATE TRIGGER audit_customer_companies AFTER INSERT OR UPDATE OR DELETE ON customer_companies FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', '');
--> statement-breakpoint
CREATE TRIGGER audit_customer_company_parties AFTER INSERT OR UPDATE OR DELETE ON customer_company_parties FOR EACH ROW EXECUTE FUNCTION audit_row_change('party_id', '');
--> statement-breakpoint
CREATE TRIGGER audit_customer_members AFTER INSERT OR UPDATE OR DELETE ON customer_members FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', '', 'last_sign_in_at');
