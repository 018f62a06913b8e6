CREATE TABLE "message_opt_outs" (
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_opt_outs_channel_address_pk" PRIMARY KEY("channel","address"),
	CONSTRAINT "message_opt_outs_channel_check" CHECK ("message_opt_outs"."channel" in ('sms', 'whatsapp'))
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_check";--> statement-breakpoint
CREATE INDEX "outbox_provider_message_id_idx" ON "outbox" USING btree ("provider_message_id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('queued', 'sending', 'sent', 'delivered', 'failed', 'expired', 'cancelled'));