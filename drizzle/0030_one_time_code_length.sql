ALTER TABLE "one_time_codes" ADD COLUMN "digits" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "code_of" uuid;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_code_of_one_time_codes_id_fk" FOREIGN KEY ("code_of") REFERENCES "public"."one_time_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_time_codes_code_of_idx" ON "one_time_codes" USING btree ("code_of");--> statement-breakpoint
CREATE INDEX "one_time_codes_destination_idx" ON "one_time_codes" USING btree ("destination");--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_digits_check" CHECK ("one_time_codes"."digits" in (6, 8));