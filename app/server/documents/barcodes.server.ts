import bwipjs from "bwip-js/node";
import QRCode from "qrcode";
import type { Pdf } from "#app/server/documents/pdf-document.server.ts";

// Barcodes drawn as vectors (sharp at any printer resolution): Code 128 from bwip-js's encoder, QR from the
// qrcode package the tracking page already uses.

/** Quiet zone on each side of a Code 128 symbol, in modules (the standard asks for 10). */
const CODE128_QUIET = 10;

/**
 * `text` as a Code 128 barcode filling `width` (quiet zones included) and `height`, at (x, y). Returns the width
 * of one module, so callers can check it prints (a label printer needs ≥ 1 dot, 0.36 pt at 203 dpi).
 */
export function drawCode128(doc: Pdf, text: string, x: number, y: number, width: number, height: number) {
  const [symbol] = bwipjs.raw({ bcid: "code128", text }) as Array<{ sbs: number[] }>;
  const bars = symbol!.sbs;
  const modules = bars.reduce((sum, n) => sum + n, 0) + 2 * CODE128_QUIET;
  const module = width / modules;
  let cursor = x + CODE128_QUIET * module;
  doc.save().fillColor("black");
  bars.forEach((w, i) => {
    // sbs alternates bar, space, bar…, starting with a bar.
    if (i % 2 === 0) doc.rect(cursor, y, w * module, height);
    cursor += w * module;
  });
  doc.fill().restore();
  return module;
}

/** `text` as a QR code (error correction M, 4-module quiet zone included) in a `size` × `size` square. */
export function drawQr(doc: Pdf, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const count = qr.modules.size;
  const cell = size / (count + 8);
  const data = qr.modules.data;
  doc.save().fillColor("black");
  for (let row = 0; row < count; row++) {
    let start = -1;
    for (let col = 0; col <= count; col++) {
      const dark = col < count && data[row * count + col] === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        // One rectangle per horizontal run, a hair taller so rows join without seams when rasterised.
        doc.rect(x + (start + 4) * cell, y + (row + 4) * cell, (col - start) * cell, cell + 0.01);
        start = -1;
      }
    }
  }
  doc.fill().restore();
}
