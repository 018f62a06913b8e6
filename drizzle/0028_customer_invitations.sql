CREATE TABLE "customer_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"language" text DEFAULT 'en' NOT NULL,
	"invited_by_member_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_member_id" uuid,
	"accepted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"told_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_invitations_address_check" CHECK ("customer_invitations"."email" is not null or "customer_invitations"."phone" is not null),
	CONSTRAINT "customer_invitations_language_check" CHECK ("customer_invitations"."language" in ('en', 'fr'))
);
--> statement-breakpoint
ALTER TABLE "customer_members" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD CONSTRAINT "customer_invitations_company_id_customer_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."customer_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD CONSTRAINT "customer_invitations_invited_by_member_id_customer_members_id_fk" FOREIGN KEY ("invited_by_member_id") REFERENCES "public"."customer_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_invitations" ADD CONSTRAINT "customer_invitations_accepted_member_id_customer_members_id_fk" FOREIGN KEY ("accepted_member_id") REFERENCES "public"."customer_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_invitations_company_idx" ON "customer_invitations" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "customer_invitations_email_idx" ON "customer_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "customer_invitations_phone_idx" ON "customer_invitations" USING btree ("phone");--> statement-breakpoint
-- A member who signed in with only an e-mail address proved it then; the others prove it at their next e-mail sign-in.
UPDATE "customer_members" SET "email_verified_at" = "last_sign_in_at" WHERE "phone" IS NULL AND "email" IS NOT NULL AND "last_sign_in_at" IS NOT NULL;--> statement-breakpoint
-- Colleagues added by a member who never signed in were granted an address nobody proved: they become invitations.
-- They were told when they were added (an address that was somebody's could not be added then).
INSERT INTO "customer_invitations" ("company_id", "name", "email", "phone", "language", "invited_by_member_id", "expires_at", "told_at", "created_at")
  SELECT "company_id", "name", "email", "phone", "language", "invited_by_member_id", now() + interval '30 days', "created_at", "created_at"
  FROM "customer_members"
  WHERE "invited_by_member_id" IS NOT NULL AND "last_sign_in_at" IS NULL AND "removed_at" IS NULL AND "can_invite" = false;--> statement-breakpoint
DELETE FROM "customer_members" WHERE "invited_by_member_id" IS NOT NULL AND "last_sign_in_at" IS NULL AND "removed_at" IS NULL AND "can_invite" = false;
