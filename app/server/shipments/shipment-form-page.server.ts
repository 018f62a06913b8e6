import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { servicesContext } from "#app/context.ts";
import { companyToday } from "#app/lib/time-zone.ts";
import {
  partySchema,
  REQUESTER_SHIPPER,
  readRequesterShipper,
  shipmentSchema,
} from "#app/schemas/shipment.ts";
import { SHIPMENT_FORM_INTENTS } from "#app/schemas/shipment-admin.ts";
import { createParty, listParties, PartyNotFoundError } from "#app/server/parties/parties.server.ts";
import type { PartyKind } from "#app/server/parties/party-views.ts";
import { readIntent } from "#app/server/platform/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import type * as QuoteBookingModule from "#app/server/quotes/bookings.server.ts";
import { getSiteSettings } from "#app/server/settings/settings.server.ts";
import type {
  PartyOption,
  ShipmentFormActionData,
  ShipmentFormValues,
} from "#app/server/shipments/shipment-views.ts";
import {
  createShipment,
  DuplicateTrackingNumberError,
  generateTrackingNumber,
  getShipmentById,
  TrackingKeyTakenError,
  updateShipment,
} from "#app/server/shipments/shipments.server.ts";
import { notFound, requireStaffForm } from "#app/server/staff/staff-page.server.ts";

// The shipment form's loader and action, shared by /admin/shipments/new and /admin/shipments/:id/edit.

type Ctx = Readonly<RouterContextProvider>;

/**
 * Booking a quote request from the form (decision 016). Quotes sit above shipments in the order of the rooms
 * (a booking creates a shipment), so the new-shipment route hands these functions in instead of an import.
 */
export type QuoteBookings = Pick<
  typeof QuoteBookingModule,
  "bookingPrefill" | "bookShipment" | "findShipperByEmail" | "getQuoteRequestForBooking"
>;

export const DUPLICATE_TRACKING_MESSAGE = "A shipment with this tracking number already exists.";

/** A number that differs from another shipment's only in dashes or case (the public page could not tell them apart). */
export function trackingKeyTakenMessage(existingTrackingNumber: string | null): string {
  const other = existingTrackingNumber ? `shipment ${existingTrackingNumber}` : "another shipment";
  return `This tracking number is too similar to ${other}: numbers that differ only in dashes, spaces or case count as the same.`;
}

/** What the form needs: the shipment (none for a new one, with a fresh tracking number) and the parties. */
export async function loadShipmentForm({
  context,
  id,
  bookFrom,
  bookings,
}: {
  context: Ctx;
  id?: string;
  /** A quote request to book (decision 016): the form starts filled from it. */
  bookFrom?: string | null;
  bookings?: QuoteBookings;
}) {
  const { db } = context.get(servicesContext);
  const booking =
    id === undefined && bookFrom && bookings
      ? await bookings.getQuoteRequestForBooking({ db, id: bookFrom })
      : null;
  if (booking?.request.bookedShipmentId)
    throw redirect(`/admin/shipments/${booking.request.bookedShipmentId}`);
  const [shippers, consignees] = await Promise.all([
    listParties({ db, kind: "shipper" }),
    listParties({ db, kind: "consignee" }),
  ]);
  if (id === undefined) {
    const values: ShipmentFormValues = {
      trackingNumber: await generateTrackingNumber({ db }),
      status: "Pending",
      originLocation: "",
      destinationLocation: "",
      currentLocation: "",
      estimatedDelivery: "",
      weight: "",
      dimensions: "",
      notes: "",
      shipperId: "none",
      consigneeId: "none",
      transportMode: "",
      pieces: "",
      goodsDescription: "",
      declaredValue: "",
      declaredCurrency: "",
      incoterm: "",
    };
    let requester: PartyOption | null = null;
    if (booking && bookings) {
      const [shipperId, settings] = await Promise.all([
        bookings.findShipperByEmail({ db, email: booking.request.email }),
        getSiteSettings({ db }),
      ]);
      const today = companyToday(settings.timeZone);
      Object.assign(values, bookings.bookingPrefill({ ...booking, shipperId, today }));
      // No party has the requester's e-mail: the picker offers the requester, created when the form is saved.
      if (!shipperId) {
        requester = {
          id: REQUESTER_SHIPPER,
          name: `${booking.request.firstName} ${booking.request.lastName}`.trim(),
          // The firm too, when the request named one: the new party is made with it.
          company: [booking.request.company, "new", booking.request.email].filter(Boolean).join(", "),
        };
      }
    }
    const bookingOf = booking
      ? {
          requestId: booking.request.id,
          name: `${booking.request.firstName} ${booking.request.lastName}`,
          quoteVersion: booking.acceptedQuote?.version ?? null,
          requester,
        }
      : null;
    return { shipment: null, values, shippers, consignees, booking: bookingOf };
  }
  const shipment = await getShipmentById({ db, id });
  if (!shipment) notFound();
  const values: ShipmentFormValues = {
    trackingNumber: shipment.trackingNumber,
    status: shipment.status,
    originLocation: shipment.originLocation,
    destinationLocation: shipment.destinationLocation,
    currentLocation: shipment.currentLocation ?? "",
    estimatedDelivery: shipment.estimatedDelivery
      ? shipment.estimatedDelivery.toISOString().slice(0, 10)
      : "",
    weight: shipment.weight === null ? "" : String(shipment.weight),
    dimensions: shipment.dimensions ?? "",
    notes: shipment.notes ?? "",
    shipperId: shipment.shipperId ?? "none",
    consigneeId: shipment.consigneeId ?? "none",
    transportMode: shipment.transportMode ?? "",
    pieces: shipment.pieces === null ? "" : String(shipment.pieces),
    goodsDescription: shipment.goodsDescription ?? "",
    declaredValue: shipment.declaredValue === null ? "" : shipment.declaredValue.toFixed(2),
    declaredCurrency: shipment.declaredCurrency ?? "",
    incoterm: shipment.incoterm ?? "",
  };
  return {
    shipment: { id: shipment.id, trackingNumber: shipment.trackingNumber },
    values,
    shippers,
    consignees,
    booking: null,
  };
}

const unreadable: SubmissionResult<string[]> = {
  status: "error",
  error: { "": ["The form could not be read. Please try again."] },
};

/**
 * The form's action. `save-shipment` validates with the shipment schema (400 with the messages and the typed
 * values, nothing saved), refuses a tracking number another shipment has, saves, and goes to the detail page
 * with the spec's toast. `create-shipper` / `create-consignee` come from the 'Add New' dialogs (a fetcher):
 * they answer with the new party so the form can select it.
 */
export async function saveShipmentForm({
  request,
  context,
  id,
  bookFrom,
  bookings,
}: {
  request: Request;
  context: Ctx;
  id?: string;
  /** The quote request this new shipment books (decision 016): booked once, however often it is posted. */
  bookFrom?: string | null;
  bookings?: QuoteBookings;
}) {
  const { services, formData } = await requireStaffForm({ request, context, id });
  const { db, logger } = services;

  const intent = readIntent(formData);
  if (!formData) return data<ShipmentFormActionData>({ intent: null, result: unreadable }, { status: 400 });

  if (intent === SHIPMENT_FORM_INTENTS.createShipper || intent === SHIPMENT_FORM_INTENTS.createConsignee) {
    const kind: PartyKind = intent === SHIPMENT_FORM_INTENTS.createShipper ? "shipper" : "consignee";
    const submission = parseWithZod(formData, { schema: partySchema });
    if (submission.status !== "success") {
      return data<ShipmentFormActionData>(
        { intent, result: submission.reply(), party: null },
        { status: 400 },
      );
    }
    try {
      const party = await createParty({ db, kind, input: submission.value });
      logger.info({ partyId: party.id, kind }, "Party created");
      return data<ShipmentFormActionData>({
        intent,
        result: submission.reply({ resetForm: true }),
        party: { id: party.id, name: party.name, company: party.company },
      });
    } catch (error) {
      logger.error({ err: error, kind }, "Creating a party failed");
      const result = submission.reply({ formErrors: [`Failed to create ${kind}`] });
      return data<ShipmentFormActionData>({ intent, result, party: null }, { status: 500 });
    }
  }

  if (intent !== SHIPMENT_FORM_INTENTS.save) {
    return data<ShipmentFormActionData>({ intent: null, result: unreadable }, { status: 400 });
  }

  // 'The requester' as shipper means something only when booking a request.
  const booking = id === undefined && bookFrom && bookings ? { requestId: bookFrom, bookings } : null;
  const requesterShipper = booking ? readRequesterShipper(formData) : null;
  const submission = parseWithZod(requesterShipper?.formData ?? formData, { schema: shipmentSchema });
  if (submission.status !== "success") {
    return data<ShipmentFormActionData>({ intent, result: submission.reply() }, { status: 400 });
  }
  const failure = id === undefined ? "Failed to create shipment" : "Failed to update shipment";
  try {
    if (booking) {
      const booked = await booking.bookings.bookShipment({
        db,
        requestId: booking.requestId,
        input: submission.value,
        shipperFromRequest: requesterShipper?.requester ?? false,
      });
      if (booked.created) {
        logger.info(
          { shipmentId: booked.shipment.id, quoteRequestId: booking.requestId },
          "Shipment booked from a quote request",
        );
        return redirectWithToast(`/admin/shipments/${booked.shipment.id}`, {
          type: "success",
          title: "Shipment created successfully",
        });
      }
      if (booked.shipmentId) {
        return redirectWithToast(`/admin/shipments/${booked.shipmentId}`, {
          type: "success",
          title: "This request is already booked",
        });
      }
      notFound();
    }
    const saved =
      id === undefined
        ? await createShipment({ db, input: submission.value })
        : await updateShipment({ db, id, input: submission.value });
    if (!saved) {
      return redirectWithToast("/admin/shipments", {
        type: "error",
        title: failure,
        description: "This shipment no longer exists.",
      });
    }
    logger.info({ shipmentId: saved.id }, id === undefined ? "Shipment created" : "Shipment updated");
    return redirectWithToast(`/admin/shipments/${saved.id}`, {
      type: "success",
      title: id === undefined ? "Shipment created successfully" : "Shipment updated successfully",
    });
  } catch (error) {
    if (error instanceof DuplicateTrackingNumberError) {
      const message =
        error instanceof TrackingKeyTakenError
          ? trackingKeyTakenMessage(error.existingTrackingNumber)
          : DUPLICATE_TRACKING_MESSAGE;
      const result = submission.reply({ fieldErrors: { trackingNumber: [message] } });
      return data<ShipmentFormActionData>({ intent, result }, { status: 400 });
    }
    if (error instanceof PartyNotFoundError) {
      const field = error.message.startsWith("Shipper") ? "shipperId" : "consigneeId";
      const result = submission.reply({ fieldErrors: { [field]: [error.message] } });
      return data<ShipmentFormActionData>({ intent, result }, { status: 400 });
    }
    logger.error({ err: error, shipmentId: id }, "Saving a shipment failed");
    const result = submission.reply({ formErrors: [failure] });
    return data<ShipmentFormActionData>({ intent, result, failed: true }, { status: 500 });
  }
}
