import PDFDocument from "pdfkit";
import { FONT_BOLD, FONT_REGULAR, printable } from "#app/server/documents/pdf-text.server.ts";

// The pieces every document is drawn with: a PDFKit document with the embedded fonts, text that stays in its
// box, and the finished file as bytes.

export type Pdf = PDFKit.PDFDocument;

/** Page sizes in PDF points (1/72 in). */
export const PAGE_SIZES = {
  "4x6": [288, 432],
  a6: [297.64, 419.53],
  a4: [595.28, 841.89],
} as const;
export type PageSize = keyof typeof PAGE_SIZES;

export const REGULAR = "DejaVuSans";
export const BOLD = "DejaVuSans-Bold";

/**
 * A new document with the fonts registered and no page yet (each page is added by the caller). `bufferPages`
 * keeps every page open until the end, for what is drawn once the page count is known ('Page 1 of 3').
 */
export function createPdf({
  title,
  author,
  bufferPages = false,
}: {
  title: string;
  author: string;
  bufferPages?: boolean;
}): Pdf {
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages,
    // The default font would load Helvetica's metrics into every document (pdfkit issue #258); ours is embedded.
    font: FONT_REGULAR as unknown as string,
    info: { Title: printable(title), Author: printable(author), Creator: printable(author) },
    compress: true,
    pdfVersion: "1.7",
  });
  doc.registerFont(REGULAR, FONT_REGULAR);
  doc.registerFont(BOLD, FONT_BOLD);
  return doc;
}

/** Ends the document and collects it. */
export function finishPdf(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

const ELLIPSIS = "…";

/**
 * One line of text that never leaves its width: drawn at `size`, smaller down to `minSize` if that makes it
 * fit, and cut with '…' if even that is too wide. Returns the height used.
 */
export function fitLine(
  doc: Pdf,
  raw: string | null | undefined,
  x: number,
  y: number,
  width: number,
  {
    size,
    minSize = size,
    bold = false,
    align = "left",
  }: {
    size: number;
    minSize?: number;
    bold?: boolean;
    align?: "left" | "center" | "right";
  },
): number {
  const text = printable(raw);
  doc.font(bold ? BOLD : REGULAR);
  let fontSize = size;
  doc.fontSize(fontSize);
  while (fontSize > minSize && doc.widthOfString(text) > width) {
    fontSize = Math.max(minSize, fontSize - 0.5);
    doc.fontSize(fontSize);
  }
  let shown = text;
  if (doc.widthOfString(shown) > width) {
    // Binary search on code points for the longest prefix that fits with the ellipsis.
    const chars = [...text];
    let lo = 0;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (doc.widthOfString(chars.slice(0, mid).join("") + ELLIPSIS) <= width) lo = mid;
      else hi = mid - 1;
    }
    shown = chars.slice(0, lo).join("").trimEnd() + ELLIPSIS;
  }
  doc.text(shown, x, y, { width, align, lineBreak: false });
  return doc.currentLineHeight(true);
}

/**
 * Text that flows over lines inside a box of `width` × `height`: what does not fit is cut at the last line
 * that fits, ending in '…' (PDFKit's own ellipsis). Returns the height used.
 */
export function flowText(
  doc: Pdf,
  raw: string | null | undefined,
  x: number,
  y: number,
  width: number,
  height: number,
  { size, bold = false, multiline = true }: { size: number; bold?: boolean; multiline?: boolean },
): number {
  const text = printable(raw, { multiline });
  if (!text) return 0;
  doc.font(bold ? BOLD : REGULAR).fontSize(size);
  // A line never taller than the box: at least one line is drawn.
  const lineHeight = doc.currentLineHeight(true);
  const boxHeight = Math.max(height, lineHeight + 0.5);
  const used = Math.min(doc.heightOfString(text, { width }), boxHeight);
  doc.text(text, x, y, { width, height: boxHeight, ellipsis: ELLIPSIS });
  return used;
}

/** The height `flowText` would need to print all of `raw` in `width` (to size a box before drawing it). */
export function textHeight(
  doc: Pdf,
  raw: string | null | undefined,
  width: number,
  { size, bold = false, multiline = true }: { size: number; bold?: boolean; multiline?: boolean },
): number {
  const text = printable(raw, { multiline });
  if (!text) return 0;
  doc.font(bold ? BOLD : REGULAR).fontSize(size);
  return doc.heightOfString(text, { width });
}

/** A small grey caption above a value (right-aligned above a column of amounts). */
export function caption(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  size = 6.5,
  align: "left" | "right" = "left",
): number {
  doc.fillColor("#444444");
  const used = fitLine(doc, text.toUpperCase(), x, y, width, { size, align });
  doc.fillColor("black");
  return used;
}
