// The documents and delivery photos of a customer's shipment (decision 029), their routes called as the router calls
// them with a real customer session on a real database: the company's own shipment's PDFs read back, and 404 for
// any other shipment, exactly like one that does not exist.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as deliveryNoteLoader } from "#app/routes/resources/account.shipments.$tracking-number.delivery-note.pdf.ts";
import { loader as labelLoader } from "#app/routes/resources/account.shipments.$tracking-number.label.pdf.ts";
import { loader as photoLoader } from "#app/routes/resources/account.shipments.$tracking-number.photos.$photo-id.ts";
import { loader as waybillLoader } from "#app/routes/resources/account.shipments.$tracking-number.waybill.pdf.ts";
import {
  consignees,
  deliveryPhotos,
  shipmentDeliveries,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import { decodePages, pdfInfo, pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import type { Services } from "#app/server/services.server.ts";
import { type SignedInCustomer, signInCustomer } from "#tests/setup/customer-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let mine: SignedInCustomer;
let theirs: SignedInCustomer;
const MINE = "UTG-6100-0001";
const THEIRS = "UTG-6100-0002";
const ids = { mine: "", theirs: "" };

async function shipment(trackingNumber: string, shipperId: string, consigneeId: string) {
  const [row] = await services.db
    .insert(shipments)
    .values({
      trackingNumber,
      status: "In Transit",
      originLocation: "Monrovia, Liberia",
      destinationLocation: "Accra, Ghana",
      shipperId,
      consigneeId,
      pieces: 2,
      goodsDescription: "Cocoa beans",
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  services = await createTestServices({ SITE_URL: "https://unitrans.example" });
  const { db } = services;
  const party = async (table: typeof shippers | typeof consignees, name: string) =>
    (
      await db
        .insert(table)
        .values({ name, address: `${name}'s street` })
        .returning()
    )[0]!.id;
  const myShipper = await party(shippers, "Ama Mensah");
  const theirShipper = await party(shippers, "Kofi Boateng");
  const theirConsignee = await party(consignees, "Kofi Boateng Imports");
  mine = await signInCustomer({ ...services, shippers: [myShipper] });
  theirs = await signInCustomer({ ...services, shippers: [theirShipper], consignees: [theirConsignee] });
  ids.mine = await shipment(MINE, myShipper, theirConsignee);
  ids.theirs = await shipment(THEIRS, theirShipper, theirConsignee);
});
afterAll(() => services.close());

type Loader = (args: never) => Promise<Response>;

/** Calls a route's loader as the router does; a thrown Response (404, the sign-in redirect) is its answer. */
async function call(
  loader: Loader,
  path: string,
  params: Record<string, string>,
  who: SignedInCustomer | null,
) {
  try {
    return await loader({
      request: new Request(`http://localhost${path}`, { headers: who ? { cookie: who.cookie } : {} }),
      context: createTestContext(services),
      params,
    } as never);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

const pdfOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

const documents: Array<[string, Loader]> = [
  ["waybill.pdf", waybillLoader],
  ["label.pdf", labelLoader],
  ["delivery-note.pdf", deliveryNoteLoader],
];

async function recordDelivery(shipmentId: string) {
  const { db } = services;
  const [delivery] = await db
    .insert(shipmentDeliveries)
    .values({
      shipmentId,
      draftId: crypto.randomUUID(),
      receiverName: "Grace Kollie",
      deliveredAt: new Date("2026-03-02T10:15:00Z"),
      receiverRemarks: "All in good order",
    })
    .returning();
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3366aa" } })
    .jpeg()
    .toBuffer();
  const photo = {
    shipmentId,
    draftId: delivery!.draftId,
    mimeType: "image/jpeg",
    width: 40,
    height: 30,
    size: jpeg.length,
    data: jpeg,
  };
  const [saved] = await db
    .insert(deliveryPhotos)
    .values({ ...photo, deliveryId: delivery!.id })
    .returning({ id: deliveryPhotos.id });
  // A photo still waiting on its draft: never shown to a customer.
  const [pending] = await db.insert(deliveryPhotos).values(photo).returning({ id: deliveryPhotos.id });
  return { photo: saved!.id, pending: pending!.id, jpeg };
}

describe("the documents of my shipment", () => {
  it("sends the waybill, never stored, with the shipment and its parties printed", async () => {
    const response = await call(
      waybillLoader,
      `/account/shipments/${MINE}/waybill.pdf`,
      { trackingNumber: MINE },
      mine,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toBe(`inline; filename="${MINE}-waybill.pdf"`);
    const text = (await pdfPagesText(await pdfOf(response))).join("\n");
    expect(text).toContain(MINE);
    expect(text).toContain("Ama Mensah");
    expect(text).toContain("Cocoa beans");
  });

  it("sends a label per piece whose QR opens the tracking page", async () => {
    const response = await call(
      labelLoader,
      `/account/shipments/${MINE}/label.pdf`,
      { trackingNumber: MINE },
      mine,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const pdf = await pdfOf(response);
    expect((await pdfInfo(pdf)).pages).toBe(2);
    const [codes] = await decodePages(pdf, { dpi: 200 });
    expect(codes).toContainEqual({ type: "QR-Code", data: `https://unitrans.example/track/${MINE}` });
  });

  it("sends the delivery note only once delivered, with the proof and its photos, and each photo", async () => {
    const before = await call(
      deliveryNoteLoader,
      `/account/shipments/${MINE}/delivery-note.pdf`,
      { trackingNumber: MINE },
      mine,
    );
    expect(before.status).toBe(404);

    const { photo, pending, jpeg } = await recordDelivery(ids.mine);
    const after = await call(
      deliveryNoteLoader,
      `/account/shipments/${MINE}/delivery-note.pdf`,
      { trackingNumber: MINE },
      mine,
    );
    expect(after.status).toBe(200);
    expect(after.headers.get("Cache-Control")).toBe("private, no-store");
    const pdf = await pdfOf(after);
    const text = (await pdfPagesText(pdf)).join("\n");
    expect(text).toContain("Grace Kollie");
    expect(text).toContain("All in good order");
    // The photos' page.
    expect((await pdfInfo(pdf)).pages).toBe(2);

    const image = await call(
      photoLoader,
      `/account/shipments/${MINE}/photos/${photo}`,
      { trackingNumber: MINE, photoId: photo },
      mine,
    );
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/jpeg");
    expect(image.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await image.arrayBuffer()).equals(jpeg)).toBe(true);

    const waiting = await call(
      photoLoader,
      `/account/shipments/${MINE}/photos/${pending}`,
      { trackingNumber: MINE, photoId: pending },
      mine,
    );
    expect(waiting.status).toBe(404);
  });
});

describe("anything else", () => {
  it("answers 404 for another company's shipment, exactly as for one that does not exist", async () => {
    for (const [file, loader] of documents) {
      const other = await call(
        loader,
        `/account/shipments/${THEIRS}/${file}`,
        { trackingNumber: THEIRS },
        mine,
      );
      const unknown = await call(
        loader,
        `/account/shipments/UTG-0000-0000/${file}`,
        { trackingNumber: "UTG-0000-0000" },
        mine,
      );
      expect(other.status).toBe(404);
      expect(other.headers.get("Content-Type")).not.toBe("application/pdf");
      expect([unknown.status, await unknown.text()]).toEqual([404, await other.text()]);
      const never = await call(loader, `/account/shipments/%00/${file}`, { trackingNumber: "\u0000" }, mine);
      expect(never.status).toBe(404);
    }
    // The other company has its own waybill all the same.
    const own = await call(
      waybillLoader,
      `/account/shipments/${THEIRS}/waybill.pdf`,
      { trackingNumber: THEIRS },
      theirs,
    );
    expect(own.status).toBe(200);
  });

  it("serves no photo of another shipment, whatever tracking number it is asked under", async () => {
    const { photo } = await recordDelivery(ids.theirs);
    // Their photo under my shipment's number, and under theirs while signed in as me.
    for (const trackingNumber of [MINE, THEIRS]) {
      const response = await call(
        photoLoader,
        `/account/shipments/${trackingNumber}/photos/${photo}`,
        { trackingNumber, photoId: photo },
        mine,
      );
      expect(response.status).toBe(404);
    }
    const bad = await call(
      photoLoader,
      `/account/shipments/${MINE}/photos/x`,
      { trackingNumber: MINE, photoId: "x" },
      mine,
    );
    expect(bad.status).toBe(404);
  });

  it("sends someone signed out to sign in, and gives them no PDF", async () => {
    for (const [file, loader] of documents) {
      const response = await call(
        loader,
        `/account/shipments/${MINE}/${file}`,
        { trackingNumber: MINE },
        null,
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/account\?redirectTo=/);
    }
  });
});
