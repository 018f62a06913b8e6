// Proof of delivery: the hostile files as a photo upload, a form photo or a signature: refused with a message,
// nothing stored.
import crypto from "node:crypto";
import { escapeHtml } from "./client.ts";
import { type FieldValue, MULTIPART, multipart } from "./corpus.ts";
import { decompressionBomb, lyingHeader } from "./files.ts";
import { attack, check, connect } from "./harness.ts";
import { MEDIA_MAX_MB, smallPng } from "./requests.ts";

const { client, f, unchanged, adminCookie } = connect();

attack(
  "proof of delivery uploads: the same hostile files as a photo, a form photo or a signature, refused, nothing stored",
  async () => {
    const html = new TextEncoder().encode("<!doctype html><script>alert('pod')</script>");
    const png = await smallPng();
    const oversized = new Uint8Array(Math.round(MEDIA_MAX_MB * 1.5 * 1024 * 1024)).fill(7);
    oversized.set(png.subarray(0, 8));
    const cases: { what: string; file: FieldValue }[] = [
      { what: "HTML renamed to .jpg", file: { file: html, filename: "photo.jpg", type: "image/jpeg" } },
      {
        what: "a file over the size limit",
        file: { file: oversized, filename: "big.png", type: "image/png" },
      },
      {
        what: "a 20000×20000 PNG bomb",
        file: { file: await decompressionBomb(), filename: "bomb.png", type: "image/png" },
      },
      {
        what: "a PNG claiming 65535×65535",
        file: { file: await lyingHeader(), filename: "liar.png", type: "image/png" },
      },
    ];
    const shipmentId = f.shipment.id;
    const deliver = `/admin/shipments/${shipmentId}/deliver`;
    let requests = 0;
    await unchanged("refused delivery uploads", async () => {
      for (const c of cases) {
        const draftId = crypto.randomUUID();
        const photo = await client.send(`${deliver}/photos`, {
          method: "POST",
          body: {
            body: multipart([
              ["draftId", draftId],
              ["photo", c.file],
            ]),
            contentType: MULTIPART,
          },
          cookie: adminCookie(),
        });
        requests++;
        let message = "";
        try {
          message = (JSON.parse(photo.body) as { message?: string }).message ?? "";
        } catch {}
        check(photo.status === 400, `${c.what} (photo upload): status ${photo.status}, expected 400`);
        check(
          /^[A-Z][^<>{}]{10,160}[.]$/.test(message),
          `${c.what} (photo upload): no clear message (${message})`,
        );
        for (const field of ["photos", "signature"]) {
          const page = await client.send(deliver, {
            method: "POST",
            body: {
              body: multipart([
                ["intent", "save-delivery"],
                ["draftId", draftId],
                ["receiverName", "Security Suite"],
                ["deliveredAt", "2026-01-01T10:00"],
                [field, c.file],
              ]),
              contentType: MULTIPART,
            },
            cookie: adminCookie(),
          });
          requests++;
          check(page.status === 400, `${c.what} (form ${field}): status ${page.status}, expected 400`);
          check(
            message !== "" && page.body.includes(escapeHtml(message)),
            `${c.what} (form ${field}): the page does not say why`,
          );
        }
      }
    });
    return `${cases.length} hostile files refused three ways with a message and nothing stored; ${requests} requests`;
  },
);
