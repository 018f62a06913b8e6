ALTER TABLE "quote_requests" ALTER COLUMN "parcel_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_requests" ALTER COLUMN "weight" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "ready_date" date;