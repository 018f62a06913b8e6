import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";

// The documents' one typeface and what happens to text it cannot draw (decision 015).
//
// DejaVu Sans (the dejavu-fonts-ttf npm package, embedded as a subset in every PDF) covers Latin, Latin
// Extended, Greek, Cyrillic, Armenian, Georgian and the symbols a freight document needs (€ ₦ № ° × → …). A
// character it has no glyph for (Chinese, Japanese, Korean, Indic scripts, emoji…) is never left to the PDF
// viewer as an empty box: each run of such characters is printed as one U+FFFD '�' (the replacement character,
// a diamond with a question mark), so staff see that a name was not printable and write it in by hand.
// Right-to-left scripts (Arabic, Hebrew…) are marked the same way although the font has them: PDFKit has no
// bidirectional layout, and a name printed in the wrong order is worse than a visible gap. Invisible formatting characters (bidirectional marks and overrides, zero-width joiners,
// variation selectors) and control characters are dropped: the PDF lays each line out itself.

const require = createRequire(import.meta.url);
const fontFile = (name: string) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`);

/** The font files' bytes, read once per process and shared by every document. */
export const FONT_REGULAR = readFileSync(fontFile("DejaVuSans.ttf"));
export const FONT_BOLD = readFileSync(fontFile("DejaVuSans-Bold.ttf"));

const coverage = fontkit.create(FONT_REGULAR);
const boldCoverage = fontkit.create(FONT_BOLD);

/** What a run of characters the font cannot draw is printed as. */
export const UNPRINTABLE_MARK = "\uFFFD";

// Format (Cf: bidi marks, zero-width joiners, soft hyphen…), variation selectors and controls other than the newline.
const INVISIBLE = /\p{Cf}|\p{Variation_Selector}|[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/gu;
const SPACES = /[\t\p{Zs}]/gu;
const RIGHT_TO_LEFT =
  /\p{Script=Arabic}|\p{Script=Hebrew}|\p{Script=Syriac}|\p{Script=Thaana}|\p{Script=Nko}/u;

/**
 * `text` as the documents print it: NFC, invisible and control characters dropped (line breaks kept only when
 * `multiline`), any run of characters DejaVu Sans (regular and bold) cannot draw replaced by one '�'.
 */
export function printable(text: string | null | undefined, { multiline = false } = {}): string {
  if (!text) return "";
  let clean = text.normalize("NFC").replace(/\r\n?/g, "\n").replace(INVISIBLE, "").replace(SPACES, " ");
  if (!multiline) clean = clean.replace(/\n+/g, " ");
  let out = "";
  let inRun = false;
  for (const char of clean) {
    const code = char.codePointAt(0)!;
    const drawable =
      char === "\n" ||
      (coverage.hasGlyphForCodePoint(code) &&
        boldCoverage.hasGlyphForCodePoint(code) &&
        !RIGHT_TO_LEFT.test(char));
    if (drawable) {
      out += char;
      inRun = false;
    } else if (!inRun) {
      out += UNPRINTABLE_MARK;
      inRun = true;
    }
  }
  return multiline ? out.replace(/[ ]+\n/g, "\n").trim() : out.replace(/ {2,}/g, " ").trim();
}
