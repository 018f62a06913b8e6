import { Unzip, UnzipInflate } from "fflate";
import { Parser } from "htmlparser2";

// A bounded .xlsx reader (decision 020): the zip is unpacked by fflate with a cap on the bytes it may inflate
// (each file's declared size is checked first, then every inflated chunk is counted, so a zip bomb stops at the
// cap), and its XML is read by htmlparser2 in XML mode, which never expands entities a DTD declares; a part with
// a DTD is refused outright. Only the first sheet and the shared strings are read. Cells holding a formula are
// reported, not evaluated.

/** At most this many bytes are inflated from one workbook. */
export const XLSX_MAX_UNPACKED = 64 * 1024 * 1024;

export class SpreadsheetError extends Error {
  override name = "SpreadsheetError";
}

/** A sheet cell as read: its text, and whether the workbook held a formula there. */
export type SheetRows = { rows: string[][]; formulas: { row: number; column: number }[] };

const decoder = new TextDecoder("utf-8", { fatal: false });

/** The files the reader needs, inflated within the cap. */
function unpack(bytes: Uint8Array): Map<string, Uint8Array> {
  const wanted = (name: string) =>
    name === "xl/sharedStrings.xml" ||
    name === "xl/workbook.xml" ||
    /^xl\/worksheets\/sheet\d+\.xml$/.test(name);
  const files = new Map<string, Uint8Array[]>();
  let total = 0;
  let failure: SpreadsheetError | null = null;
  const unzip = new Unzip((file) => {
    if (failure || !wanted(file.name)) return;
    if ((file.originalSize ?? 0) > XLSX_MAX_UNPACKED) {
      failure = new SpreadsheetError("The .xlsx file unpacks to more than 64 MB: it was refused.");
      return;
    }
    const chunks: Uint8Array[] = [];
    files.set(file.name, chunks);
    file.ondata = (error, chunk) => {
      if (failure) return;
      if (error) {
        failure = new SpreadsheetError("The .xlsx file is damaged: it could not be unpacked.");
        return;
      }
      total += chunk.length;
      if (total > XLSX_MAX_UNPACKED) {
        failure = new SpreadsheetError("The .xlsx file unpacks to more than 64 MB: it was refused.");
        file.terminate();
        return;
      }
      chunks.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    // In slices, so a bomb is stopped early rather than after the whole file.
    for (let offset = 0; offset < bytes.length && !failure; offset += 65_536) {
      unzip.push(bytes.subarray(offset, offset + 65_536), offset + 65_536 >= bytes.length);
    }
  } catch {
    if (!failure) failure = new SpreadsheetError("The .xlsx file is damaged: it could not be unpacked.");
  }
  if (failure) throw failure;
  const joined = new Map<string, Uint8Array>();
  for (const [name, chunks] of files) joined.set(name, Buffer.concat(chunks));
  return joined;
}

function xmlOf(bytes: Uint8Array | undefined): string {
  if (!bytes) return "";
  const text = decoder.decode(bytes);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new SpreadsheetError(
      "The .xlsx file contains a document type declaration (DTD), which no spreadsheet needs: it was refused.",
    );
  }
  return text;
}

/** Parses XML with callbacks; entities other than XML's five and numeric ones stay as written. */
function parseXml(
  xml: string,
  handlers: {
    open?: (name: string, attributes: Record<string, string>) => void;
    text?: (text: string) => void;
    close?: (name: string) => void;
  },
) {
  const parser = new Parser(
    {
      onopentag: (name, attributes) => handlers.open?.(name, attributes),
      ontext: (text) => handlers.text?.(text),
      onclosetag: (name) => handlers.close?.(name),
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
}

function sharedStrings(xml: string): string[] {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let inPhonetic = 0;
  parseXml(xml, {
    open: (name) => {
      if (name === "si") current = "";
      else if (name === "rPh") inPhonetic++;
      else if (name === "t" && inPhonetic === 0) inText = true;
    },
    text: (text) => {
      if (inText && current !== null) current += text;
    },
    close: (name) => {
      if (name === "t") inText = false;
      else if (name === "rPh") inPhonetic--;
      else if (name === "si") {
        strings.push(current ?? "");
        current = null;
      }
    },
  });
  return strings;
}

/** A column's index from a cell reference ("C7" → 2). */
function columnIndex(ref: string | undefined): number | null {
  const letters = /^([A-Z]{1,3})\d+$/.exec(ref ?? "")?.[1];
  if (!letters) return null;
  let index = 0;
  for (const char of letters) index = index * 26 + (char.charCodeAt(0) - 64);
  return index - 1;
}

/**
 * The first sheet's rows as text (at most `maxRows` + 1 rows are read; the caller says there are too many).
 * Throws SpreadsheetError with a message for the clerk when the file is not a readable workbook.
 */
export function readXlsx(bytes: Uint8Array, { maxRows }: { maxRows: number }): SheetRows {
  const files = unpack(bytes);
  const sheetName = [...files.keys()]
    .filter((name) => name.startsWith("xl/worksheets/"))
    .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]))[0];
  if (!sheetName) throw new SpreadsheetError("The file is not an Excel workbook (.xlsx): it has no sheet.");
  xmlOf(files.get("xl/workbook.xml"));
  const strings = sharedStrings(xmlOf(files.get("xl/sharedStrings.xml")));
  const rows: string[][] = [];
  const formulas: { row: number; column: number }[] = [];
  let row: string[] | null = null;
  let rowIndex = -1;
  let cell: { column: number; type: string; value: string; inline: boolean } | null = null;
  let capture: "v" | "t" | null = null;
  let tooMany = false;
  parseXml(xmlOf(files.get(sheetName)), {
    open: (name, attributes) => {
      if (tooMany) return;
      if (name === "row") {
        const declared = Number(attributes.r);
        rowIndex = Number.isInteger(declared) && declared > 0 ? declared - 1 : rowIndex + 1;
        if (rowIndex > maxRows) {
          tooMany = true;
          return;
        }
        row = [];
      } else if (name === "c" && row) {
        cell = {
          column: columnIndex(attributes.r) ?? row.length,
          type: attributes.t ?? "n",
          value: "",
          inline: false,
        };
      } else if (name === "v" && cell) capture = "v";
      else if (name === "t" && cell) capture = "t";
      else if (name === "f" && cell) formulas.push({ row: rowIndex, column: cell.column });
    },
    text: (text) => {
      if (capture && cell) cell.value += text;
    },
    close: (name) => {
      if (tooMany) return;
      if (name === "v" || name === "t") capture = null;
      else if (name === "c" && cell && row) {
        const value = cell.type === "s" ? (strings[Number(cell.value)] ?? "") : cell.value;
        if (cell.column < 1000) {
          while (row.length < cell.column) row.push("");
          row[cell.column] = cell.type === "b" ? (value === "1" ? "TRUE" : "FALSE") : value;
        }
        cell = null;
      } else if (name === "row" && row) {
        while (rows.length < rowIndex) rows.push([]);
        rows[rowIndex] = row;
        row = null;
      }
    },
  });
  if (tooMany) rows.length = maxRows + 1;
  return { rows: rows.map((r) => r ?? []), formulas };
}
