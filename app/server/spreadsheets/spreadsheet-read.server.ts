import { parse } from "csv-parse/sync";
import { IMPORT_MAX_BYTES, IMPORT_MAX_MB, IMPORT_MAX_ROWS } from "#app/lib/shipment-import.ts";
import { readXlsx, type SheetRows, SpreadsheetError } from "#app/server/spreadsheets/xlsx-read.server.ts";

// An uploaded spreadsheet as rows of text (decision 020): an .xlsx workbook (recognised by its zip signature, whatever
// its name) through the bounded reader, anything else as CSV text: UTF-8 (with or without a byte-order mark) or
// UTF-16 with its byte-order mark; invalid UTF-8 and binary files are refused with a message for the clerk.

export type { SheetRows };
export { SpreadsheetError };

const NOT_SPREADSHEET =
  "This file is neither a CSV file nor an Excel workbook (.xlsx). Save the sheet as 'CSV UTF-8' or as .xlsx and upload that.";

/** Signatures of files that are surely no CSV: images, PDF, old Excel (.xls), gzip, 7z, RAR, executables. */
const BINARY_SIGNATURES = [
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0x25, 0x50, 0x44, 0x46],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x1f, 0x8b],
  [0x37, 0x7a, 0xbc, 0xaf],
  [0x52, 0x61, 0x72, 0x21],
  [0x4d, 0x5a],
  [0x7f, 0x45, 0x4c, 0x46],
];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, index) => bytes[index] === byte);

/** UTF-16 text without its byte-order mark: every other byte of the start is NUL. */
function looksLikeBomlessUtf16(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 512);
  let nulEven = 0;
  let nulOdd = 0;
  sample.forEach((byte, index) => {
    if (byte === 0) index % 2 === 0 ? nulEven++ : nulOdd++;
  });
  return Math.max(nulEven, nulOdd) > sample.length / 4;
}

/** The file's text, decoded by its byte-order mark, else as strict UTF-8. */
function decodeText(bytes: Uint8Array): string {
  let text: string;
  if (!startsWith(bytes, [0xff, 0xfe]) && !startsWith(bytes, [0xfe, 0xff]) && looksLikeBomlessUtf16(bytes)) {
    throw new SpreadsheetError(
      "The file looks like UTF-16 text without a byte-order mark, which cannot be read safely. In Excel choose 'Save as' → 'CSV UTF-8 (Comma delimited)', or upload the .xlsx file.",
    );
  }
  try {
    if (startsWith(bytes, [0xff, 0xfe])) text = new TextDecoder("utf-16le", { fatal: true }).decode(bytes);
    else if (startsWith(bytes, [0xfe, 0xff]))
      text = new TextDecoder("utf-16be", { fatal: true }).decode(bytes);
    else text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new SpreadsheetError(
      "The file is not UTF-8 text (it may be saved as Windows or Mac 'CSV'). In Excel choose 'Save as' → 'CSV UTF-8 (Comma delimited)', or upload the .xlsx file, and try again.",
    );
  }
  // Text files hold no NUL or other control characters than tab and line breaks (a binary file named .csv does).
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text.slice(0, 65_536))) throw new SpreadsheetError(NOT_SPREADSHEET);
  return text;
}

/** The delimiter of the first line: comma, semicolon (Excel in many European locales) or tab. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [",", ";", "\t"].map((d) => [d, firstLine.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
}

function readCsv(bytes: Uint8Array): SheetRows {
  const text = decodeText(bytes);
  try {
    const rows = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\ufeff/, "")),
      relax_column_count: true,
      skip_empty_lines: false,
      // The header, the most rows a file may have, and one more to tell it has too many.
      to: IMPORT_MAX_ROWS + 2,
      max_record_size: 1_000_000,
    }) as string[][];
    return { rows, formulas: [] };
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new SpreadsheetError(
      `The CSV file could not be read${line ? ` at line ${line}` : ""}: ${(error as Error).message.replace(/^[^:]*: /, "")}`,
    );
  }
}

/**
 * The file's rows, the header first; throws SpreadsheetError (size, type, encoding, damaged, too many rows) with a
 * message the page shows as it is. Wholly empty rows at the end are dropped.
 */
export function readSpreadsheet(bytes: Uint8Array): SheetRows {
  if (bytes.length > IMPORT_MAX_BYTES) {
    throw new SpreadsheetError(`The file is larger than ${IMPORT_MAX_MB} MB. Split it into smaller files.`);
  }
  if (bytes.length === 0) throw new SpreadsheetError("The file is empty.");
  let sheet: SheetRows;
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) sheet = readXlsx(bytes, { maxRows: IMPORT_MAX_ROWS + 1 });
  else if (BINARY_SIGNATURES.some((signature) => startsWith(bytes, signature))) {
    throw new SpreadsheetError(NOT_SPREADSHEET);
  } else sheet = readCsv(bytes);
  const rows = sheet.rows;
  while (rows.length > 0 && rows[rows.length - 1]!.every((cell) => cell.trim() === "")) rows.pop();
  if (rows.length === 0) throw new SpreadsheetError("The file has no rows.");
  if (rows.length - 1 > IMPORT_MAX_ROWS) {
    throw new SpreadsheetError(
      `The file has more than ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows. Split it into smaller files.`,
    );
  }
  if (rows.length === 1) throw new SpreadsheetError("The file has a header row but no shipments.");
  return { rows, formulas: sheet.formulas };
}
