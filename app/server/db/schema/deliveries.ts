// Proof of delivery (docs/decisions/015-freight-documents.md, 'Proof of delivery'): the recorded deliveries,
// their photos and the links to their delivery notes, recorded from a phone on /admin/shipments/:id/deliver
// (app/server/shipments/deliveries.server.ts).
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt, id, updatedAt } from "#app/server/db/schema/columns.ts";
import { shipmentStatusHistory, shipments } from "#app/server/db/schema/shipments.ts";
import { adminUsers } from "#app/server/db/schema/staff.ts";

/**
 * A recorded delivery: who received the shipment, when, their drawn signature (a PNG re-encoded on the server;
 * null when the receiver's typed name stands for it) and a note. `draft_id` is the page's draft (one per
 * visit of the page, in its URL): unique, so pressing 'Save' twice records one delivery.
 */
export const shipmentDeliveries = pgTable(
  "shipment_deliveries",
  {
    id: id(),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    draftId: uuid("draft_id").notNull(),
    receiverName: text("receiver_name").notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }).notNull(),
    signature: bytea("signature"),
    /** What the receiver remarked on delivery (damage, shortage): printed on the delivery note. */
    receiverRemarks: text("receiver_remarks"),
    /** Staff's own note on the delivery: never on a customer's page, message or document. */
    internalNote: text("internal_note"),
    /** The status update the delivery added (kept when that entry is deleted). */
    historyId: uuid("history_id").references(() => shipmentStatusHistory.id, { onDelete: "set null" }),
    recordedBy: uuid("recorded_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("shipment_deliveries_draft_idx").on(t.draftId),
    index("shipment_deliveries_shipment_idx").on(t.shipmentId, t.deliveredAt.desc()),
  ],
);

/**
 * A delivery photo (JPEG, checked and re-encoded with sharp). Uploaded one by one while the page is open: a
 * pending photo belongs to its draft only (`delivery_id` null) until the delivery is saved; pending photos a day
 * old are dropped.
 */
export const deliveryPhotos = pgTable(
  "delivery_photos",
  {
    id: id(),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    draftId: uuid("draft_id").notNull(),
    deliveryId: uuid("delivery_id").references(() => shipmentDeliveries.id, { onDelete: "cascade" }),
    mimeType: text("mime_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("delivery_photos_draft_idx").on(t.draftId, t.createdAt),
    index("delivery_photos_delivery_idx").on(t.deliveryId),
  ],
);

/**
 * A link to a delivery's note for its consignee (`/delivery-note/:token`, in the delivery message): only the
 * token's SHA-256 is kept; it stops working at `expires_at` (30 days).
 */
export const deliveryNoteTokens = pgTable(
  "delivery_note_tokens",
  {
    id: id(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => shipmentDeliveries.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("delivery_note_tokens_hash_idx").on(t.tokenHash)],
);
