import { type CellValue, csvLine } from "#app/server/spreadsheets/cells.server.ts";

// A streaming CSV writer (decision 020): UTF-8 with a byte-order mark (so Excel reads accents right), CRLF, text
// cells neutralised against formulas. The next page is read only when the response has taken the last one.

const encoder = new TextEncoder();

export function csvStream({
  header,
  pages,
}: {
  header: readonly string[];
  pages: AsyncIterable<CellValue[][]>;
}): ReadableStream<Uint8Array> {
  const iterator = pages[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\ufeff${csvLine(header)}`));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map(csvLine).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
