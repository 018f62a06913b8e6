ALTER TABLE "mobile_money_requests" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mobile_money_requests" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "mobile_money_requests" ADD COLUMN "asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mobile_money_requests" ADD CONSTRAINT "mobile_money_requests_end_check" CHECK (("mobile_money_requests"."ended_at" is null) = ("mobile_money_requests"."end_reason" is null) and "mobile_money_requests"."end_reason" in ('cancelled', 'replaced', 'expired'));