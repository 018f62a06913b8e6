ALTER TABLE "blog_posts" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "translation_of" uuid;--> statement-breakpoint
ALTER TABLE "consignees" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_subscribers" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "shippers" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_translation_of_blog_posts_id_fk" FOREIGN KEY ("translation_of") REFERENCES "public"."blog_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_posts_language_published_at_idx" ON "blog_posts" USING btree ("language","published_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_language_check" CHECK ("language" in ('en', 'fr'));--> statement-breakpoint
ALTER TABLE "shippers" ADD CONSTRAINT "shippers_language_check" CHECK ("language" in ('en', 'fr'));--> statement-breakpoint
ALTER TABLE "consignees" ADD CONSTRAINT "consignees_language_check" CHECK ("language" in ('en', 'fr'));--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_language_check" CHECK ("language" in ('en', 'fr'));--> statement-breakpoint
ALTER TABLE "notification_subscribers" ADD CONSTRAINT "notification_subscribers_language_check" CHECK ("language" in ('en', 'fr'));--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_language_check" CHECK ("language" in ('en', 'fr'));--> statement-breakpoint
-- The parties already in the address book: French when their phone is of a French-speaking country of West
-- Africa (Côte d'Ivoire, Guinea, Senegal, Togo, Benin, Mali, Burkina Faso, Niger), as new parties are guessed.
UPDATE "shippers" SET "language" = 'fr' WHERE regexp_replace(coalesce("phone", ''), '[^0-9+]', '', 'g') ~ '^(\+|00)(225|224|221|228|229|223|226|227)';--> statement-breakpoint
UPDATE "consignees" SET "language" = 'fr' WHERE regexp_replace(coalesce("phone", ''), '[^0-9+]', '', 'g') ~ '^(\+|00)(225|224|221|228|229|223|226|227)';
