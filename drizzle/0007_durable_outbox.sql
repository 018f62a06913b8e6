-- The durable outbox (decision 011): every outgoing message waits here for a worker, which retries failures
-- with backoff. Rows written before this release keep their text; none of them is sent after the upgrade:
-- an unsent one was a password-reset mail whose link has long expired, or one kept because SMTP_URL was unset.
ALTER TABLE "outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" RENAME COLUMN "error" TO "last_error";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "outbox" SET
  "message_id" = '<' || "id"::text || '@outbox.before-upgrade.invalid>',
  "attempts" = CASE WHEN "sent_at" IS NULL AND "last_error" IS NULL THEN 0 ELSE 1 END,
  "status" = CASE WHEN "sent_at" IS NOT NULL THEN 'sent' ELSE 'expired' END,
  "last_error" = CASE WHEN "sent_at" IS NOT NULL THEN "last_error"
    ELSE concat_ws(' ', 'Not sent before the upgrade to the durable outbox; never sent after it (decision 011).', "last_error") END;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "message_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_message_id_idx" ON "outbox" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_key_idx" ON "outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE status in ('queued', 'sending');--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" in ('email', 'sms', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('queued', 'sending', 'sent', 'failed', 'expired', 'cancelled'));--> statement-breakpoint
-- New messages are announced on 'freight_events' (at commit, so a worker woken by it sees them): every app
-- instance's outbox worker looks at once instead of at its next poll, whichever instance or tool queued them.
CREATE OR REPLACE FUNCTION freight_notify_outbox() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('freight_events', json_build_object('type', 'outbox.queued')::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER outbox_notify AFTER INSERT ON outbox
  FOR EACH STATEMENT EXECUTE FUNCTION freight_notify_outbox();
