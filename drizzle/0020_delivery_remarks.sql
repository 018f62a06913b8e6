-- The delivery's note was labelled 'Staff only' on 'Record delivery', so every note recorded so far is staff's
-- internal note; the receiver's remarks (printed on the delivery note) are a new, separate field.
ALTER TABLE "shipment_deliveries" RENAME COLUMN "note" TO "internal_note";--> statement-breakpoint
ALTER TABLE "shipment_deliveries" ADD COLUMN "receiver_remarks" text;
