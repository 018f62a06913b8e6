// Proof of delivery's staff-only images on a real database: the drawn signature and the photos served to
// signed-in staff only (never cached), the staff's delivery note printing them, and the receiver's initials
// the public pages show instead of a name. Recording a delivery is tested in deliveries.server.test.ts.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { receiverInitials } from "#app/lib/receiver-initials.ts";
import { action as pageAction } from "#app/routes/admin/shipments.$id.deliver.tsx";
import { loader as signatureLoader } from "#app/routes/resources/admin.deliveries.$id.signature.ts";
import { loader as photoLoader } from "#app/routes/resources/admin.delivery-photos.$id.ts";
import { loader as staffNoteLoader } from "#app/routes/resources/admin.shipments.$id.delivery-note.pdf.ts";
import { deliveryPhotos, shipmentDeliveries } from "#app/server/db/schema.ts";
import { pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import type { Services } from "#app/server/services.server.ts";
import {
  draft,
  file,
  form,
  picture,
  SITE,
  saveFields,
  setUpDeliveryFixture,
  signaturePng,
} from "#app/server/shipments/deliveries.test-support.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let shipmentId: string;
const { call, savePath } = setUpDeliveryFixture(
  () => createTestServices({ SITE_URL: SITE }),
  (fixture) => {
    ({ services, shipmentId } = fixture);
  },
);

describe("the staff-only images and the delivery note", () => {
  it("serves the signature and photos to signed-in staff only, never cached, and prints them on the note", async () => {
    const draftId = draft();
    const saved = await call(pageAction, savePath(), {
      params: { id: shipmentId },
      body: form(
        saveFields(draftId, {
          signature: file(await signaturePng(), "image/png"),
          photos: [file(await picture(800, 600).jpeg().toBuffer())],
        }),
      ),
    });
    expect(saved.status).toBe(302);
    const [delivery] = await services.db
      .select()
      .from(shipmentDeliveries)
      .where(eq(shipmentDeliveries.draftId, draftId));
    const [photo] = await services.db
      .select()
      .from(deliveryPhotos)
      .where(eq(deliveryPhotos.deliveryId, delivery!.id));

    const signature = await call(signatureLoader, `/admin/deliveries/${delivery!.id}/signature`, {
      params: { id: delivery!.id },
    });
    expect(signature.status).toBe(200);
    expect(signature.headers.get("Content-Type")).toBe("image/png");
    expect(signature.headers.get("Cache-Control")).toBe("private, no-store");
    const image = await call(photoLoader, `/admin/delivery-photos/${photo!.id}`, {
      params: { id: photo!.id },
    });
    expect(image.headers.get("Content-Type")).toBe("image/jpeg");
    expect(image.headers.get("Cache-Control")).toBe("private, no-store");
    // The addresses the role table (decision 019) knows: staff-only, Operations and Administrators.
    for (const [loader, id, url] of [
      [signatureLoader, delivery!.id, (x: string) => `/admin/deliveries/${x}/signature`],
      [photoLoader, photo!.id, (x: string) => `/admin/delivery-photos/${x}`],
    ] as const) {
      const anonymous = await call(loader, url(id), { params: { id }, signedIn: false });
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toMatch(/^\/admin-login/);
      const other = crypto.randomUUID();
      expect((await call(loader, url(other), { params: { id: other } })).status).toBe(404);
    }

    const note = await call(staffNoteLoader, `/admin/shipments/${shipmentId}/delivery-note.pdf`, {
      params: { id: shipmentId },
    });
    const pdf = Buffer.from(await note.arrayBuffer());
    const pages = await pdfPagesText(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain("John Doe");
    expect(pages[0]).toContain("One carton dented");
    // The drawn signature and the photo are images in the PDF.
    expect(await pdfImageCount(pdf)).toBeGreaterThanOrEqual(2);
  });

  it("writes initials only", () => {
    expect(receiverInitials("John Doe")).toBe("J. D.");
    expect(receiverInitials("  mary-ann  o'neil ")).toBe("M. A. O.");
    expect(receiverInitials("Émile Zola")).toBe("É. Z.");
    expect(receiverInitials("A B C D E")).toBe("A. D. E.");
    expect(receiverInitials("...")).toBe("");
  });
});

const execFileAsync = promisify(execFile);

/** How many images `pdfimages -list` (poppler-utils) finds in the PDF. */
async function pdfImageCount(pdf: Buffer): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), "pod-test-"));
  try {
    const name = path.join(dir, "note.pdf");
    await writeFile(name, pdf);
    const { stdout } = await execFileAsync("pdfimages", ["-list", name]);
    return stdout.split("\n").filter((line) => /^\s*\d+\s+\d+\s+image\b/.test(line)).length;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
