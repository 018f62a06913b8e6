// The part of fontkit (PDFKit's own font engine) the documents use: which characters a font can draw.
declare module "fontkit" {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array): Font;
}
