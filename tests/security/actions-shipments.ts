// Action specs of the security suite: shipments (list, new, edit, detail, import, bulk update, exceptions,
// labels, proof of delivery).
import crypto from "node:crypto";
import { type Fixtures, partyIntent, type Spec, unique } from "./action-kit.ts";
import type { Entries } from "./corpus.ts";

const SHIPMENT_TEXT = {
  status: "status",
  originLocation: "origin_location",
  destinationLocation: "destination_location",
  currentLocation: "current_location",
  dimensions: "dimensions",
  notes: "notes",
  goodsDescription: "goods_description",
};
// The cargo fields the freight documents print (decision 015) that must be one of a list or a number. They are
// optional (a blank one is valid, so they cannot be strict): a hostile value in them is refused, a blank stored
// as none: a target of their own ("stored as typed or refused"), so the free-text fields are still stored.
const SHIPMENT_CHOICES = ["transportMode", "pieces", "declaredValue", "declaredCurrency", "incoterm"];
const HISTORY_TEXT = { status: "status", location: "location", notes: "notes" };

function shipmentFields(f: Fixtures, trackingNumber: () => string): () => Entries {
  return () => [
    ["intent", "save-shipment"],
    ["trackingNumber", trackingNumber()],
    ["status", "In Transit"],
    ["originLocation", "Monrovia"],
    ["destinationLocation", "Accra"],
    ["currentLocation", "Freetown"],
    ["estimatedDelivery", "2027-03-15"],
    ["weight", "12.5"],
    ["dimensions", "40x30x20 cm"],
    ["notes", "Handle with care"],
    ["shipperId", f.shipper],
    ["consigneeId", f.consignee],
    ["transportMode", "sea"],
    ["pieces", "3"],
    ["goodsDescription", "Generator parts in crates"],
    ["declaredValue", "1250.50"],
    ["declaredCurrency", "USD"],
    ["incoterm", "FOB"],
  ];
}

/** The intents of the shipment pages, by route id (read from the route modules and the server modules they call). */
export function shipmentActions(f: Fixtures): Record<string, Spec[]> {
  return {
    "routes/admin/shipments": [
      {
        name: "delete shipment",
        fields: () => [
          ["intent", "delete-shipment"],
          ["id", f.victimShipment],
        ],
        strict: ["id", "intent"],
        text: [],
      },
    ],
    // The list's 'Print labels' form: a PDF of the selected shipments' labels, or back to the list with the reason.
    "routes/resources/admin.shipments.labels.pdf": [
      {
        name: "print labels",
        fields: () => [
          ["id", f.shipment.id],
          ["id", f.victimShipment],
          ["size", "4x6"],
          ["returnTo", "/admin/shipments?q=UTG"],
        ],
        strict: ["id", "size"],
        text: [],
      },
    ],
    // The exceptions board's setting: a number of days, nothing else.
    "routes/admin/exceptions": [
      {
        name: "save exception settings",
        fields: () => [
          ["intent", "save-exception-settings"],
          ["stallDays", "5"],
        ],
        strict: ["intent", "stallDays"],
        text: [],
      },
    ],
    // Bulk status updates: the ticked shipments, or scanned numbers; every post is a new form (key).
    "routes/admin/shipments.bulk-update": [
      {
        name: "bulk status update (chosen)",
        fields: () => [
          ["key", crypto.randomUUID()],
          ["id", f.shipment.id],
          ["status", "In Transit"],
          ["location", "Monrovia"],
          ["timestamp", "2026-11-01T10:00"],
          ["notes", "Checked at the gate"],
        ],
        strict: ["key", "id", "timestamp"],
        text: ["status", "location", "notes"],
      },
      {
        name: "bulk status update (scanned)",
        fields: () => [
          ["key", crypto.randomUUID()],
          ["trackingNumbers", f.shipment.trackingNumber],
          ["status", "In Transit"],
          ["location", "Monrovia"],
          ["timestamp", "2026-11-01T10:00"],
        ],
        strict: ["key", "timestamp"],
        text: ["trackingNumbers", "status", "location"],
      },
    ],
    // The shipment import's check (decision 020): the stored upload, a column per field, the date format. (Its
    // upload step and hostile files have a group of their own; its import step would create shipments.)
    "routes/admin/shipments.import": [
      {
        name: "check rows",
        fields: () => [
          ["intent", "check"],
          ["uploadId", f.importUpload],
          ["map.trackingNumber", "0"],
          ["map.status", "1"],
          ["map.originLocation", "2"],
          ["map.destinationLocation", "3"],
          ["map.estimatedDelivery", "4"],
          ["map.dimensions", "5"],
          ["dateFormat", "dmy"],
        ],
        strict: ["intent", "uploadId", "dateFormat"],
        text: [],
      },
    ],
    "routes/admin/shipments.new": [
      {
        name: "save shipment",
        fields: shipmentFields(f, () => `SECN-${unique().toUpperCase()}`),
        strict: ["estimatedDelivery", "intent"],
        text: Object.keys(SHIPMENT_TEXT),
        store: { table: "shipments", columns: SHIPMENT_TEXT },
      },
      {
        name: "save shipment (cargo choices)",
        fields: shipmentFields(f, () => `SECC-${unique().toUpperCase()}`),
        strict: ["estimatedDelivery", "intent"],
        text: SHIPMENT_CHOICES,
      },
      partyIntent("create-shipper", "shippers"),
      partyIntent("create-consignee", "consignees"),
    ],
    "routes/admin/shipments.$id.edit": [
      {
        name: "save shipment",
        fields: shipmentFields(f, () => f.shipment.trackingNumber),
        strict: ["estimatedDelivery", "intent"],
        text: Object.keys(SHIPMENT_TEXT),
        store: { table: "shipments", columns: SHIPMENT_TEXT },
      },
      // The same action as on /new: sent the strict variants only.
      partyIntent("create-shipper", "shippers", true),
      partyIntent("create-consignee", "consignees", true),
    ],
    "routes/admin/shipments.$id": [
      partyIntent("update-shipper", "shippers"),
      partyIntent("update-consignee", "consignees"),
      {
        name: "delete-shipper",
        fields: () => [["intent", "delete-shipper"]],
        strict: ["intent"],
        text: [],
        noFields: true,
      },
      {
        name: "delete-consignee",
        fields: () => [["intent", "delete-consignee"]],
        strict: ["intent"],
        text: [],
        noFields: true,
      },
      {
        name: "unlink-shipper",
        fields: () => [
          ["intent", "unlink-shipper"],
          ["partyId", f.shipper],
        ],
        strict: ["partyId", "intent"],
        text: [],
      },
      {
        name: "unlink-consignee",
        fields: () => [
          ["intent", "unlink-consignee"],
          ["partyId", f.consignee],
        ],
        strict: ["partyId", "intent"],
        text: [],
      },
      {
        name: "add-status",
        fields: () => [
          ["intent", "add-status"],
          ["status", "Arrived"],
          ["location", "Port of Monrovia"],
          ["notes", "Unloaded"],
          ["timestamp", "2025-06-01T09:30"],
          ["alsoSetCurrent", ""],
        ],
        // The event time: anything but a real date and time, from 2000 to a day ahead, is refused.
        strict: ["intent", "timestamp"],
        text: ["status", "location", "notes"],
        store: { table: "shipment_status_history", columns: HISTORY_TEXT },
      },
      {
        name: "update-status",
        fields: () => [
          ["intent", "update-status"],
          ["id", f.history],
          ["status", "Arrived"],
          ["location", "Port of Monrovia"],
          ["notes", "Unloaded"],
          ["timestamp", "2025-06-01T09:30"],
        ],
        strict: ["id", "intent", "timestamp"],
        text: ["status", "location", "notes"],
        store: { table: "shipment_status_history", columns: HISTORY_TEXT },
      },
      {
        name: "delete-status",
        fields: () => [
          ["intent", "delete-status"],
          ["id", f.victimHistory],
        ],
        strict: ["id", "intent"],
        text: [],
      },
      // The Notifications card.
      {
        name: "set-notification-recipient",
        fields: () => [
          ["intent", "set-notification-recipient"],
          ["role", "consignee"],
          ["enabled", "on"],
        ],
        strict: ["role", "enabled", "intent"],
        text: [],
      },
      {
        name: "pause-notifications",
        fields: () => [["intent", "pause-notifications"]],
        strict: ["intent"],
        text: [],
        noFields: true,
      },
      {
        name: "resume-notifications",
        fields: () => [["intent", "resume-notifications"]],
        strict: ["intent"],
        text: [],
        noFields: true,
      },
      {
        // The fixtures hold no message sent: a well-formed id of none answers 'This message does not exist.'.
        name: "resend-notification",
        fields: () => [
          ["intent", "resend-notification"],
          ["id", "00000000-0000-4000-8000-000000000000"],
        ],
        strict: ["id", "intent"],
        text: [],
      },
      {
        // No subscriber in the fixtures: a well-formed id of none answers 'This subscriber does not exist.'.
        name: "remove-subscriber",
        fields: () => [
          ["intent", "remove-subscriber"],
          ["id", "00000000-0000-4000-8000-000000000000"],
        ],
        strict: ["id", "intent"],
        text: [],
      },
    ],
    // Proof of delivery (decision 015): a fresh draft per post, so each valid post records one delivery.
    "routes/admin/shipments.$id.deliver": [
      {
        name: "record delivery",
        fields: () => [
          ["intent", "save-delivery"],
          ["draftId", crypto.randomUUID()],
          ["receiverName", "Jane Receiver"],
          ["deliveredAt", "2026-01-01T10:00"],
          ["remarks", "One carton dented"],
          ["internalNote", "Left at the gate"],
        ],
        strict: ["intent", "draftId", "deliveredAt"],
        text: ["receiverName", "remarks", "internalNote"],
        store: {
          table: "shipment_deliveries",
          columns: {
            receiverName: "receiver_name",
            remarks: "receiver_remarks",
            internalNote: "internal_note",
          },
        },
      },
      {
        name: "remove photo",
        fields: () => [
          ["intent", "remove-photo"],
          ["draftId", crypto.randomUUID()],
          ["photoId", "00000000-0000-4000-8000-000000000000"],
        ],
        strict: ["intent", "draftId", "photoId"],
        text: [],
      },
    ],
    "routes/resources/admin.shipments.$id.deliver.photos": [
      {
        name: "remove photo",
        fields: () => [
          ["intent", "remove-photo"],
          ["draftId", crypto.randomUUID()],
          ["photoId", "00000000-0000-4000-8000-000000000000"],
        ],
        strict: ["intent", "draftId", "photoId"],
        text: [],
      },
    ],
  };
}
