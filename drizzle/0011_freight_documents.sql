ALTER TABLE "shipments" ADD COLUMN "transport_mode" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "pieces" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "goods_description" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "declared_value" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "declared_currency" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "incoterm" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_transport_mode_check" CHECK ("shipments"."transport_mode" in ('air', 'sea', 'road'));--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_pieces_check" CHECK ("shipments"."pieces" between 1 and 10000);--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_declared_value_check" CHECK ("shipments"."declared_value" >= 0);--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_declared_currency_check" CHECK (("shipments"."declared_value" is null) = ("shipments"."declared_currency" is null) and "shipments"."declared_currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_incoterm_check" CHECK ("shipments"."incoterm" ~ '^[A-Z]{3}$');