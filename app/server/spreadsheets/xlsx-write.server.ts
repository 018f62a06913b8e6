import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { type CellValue, cellText } from "#app/server/spreadsheets/cells.server.ts";

// A streaming .xlsx writer (decision 020): an .xlsx file is a zip of a few XML files, so the sheet is deflated
// row by row into the zip while the rows are read, and the response never holds more than a page of them. Text
// cells are inline strings (no shared-strings table to keep in memory), neutralised like the CSV's.

const encoder = new TextEncoder();

/** XML text: the five special characters escaped, and characters XML 1.0 cannot hold dropped. */
function xmlText(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** A column's letters (0 → A, 26 → AA). */
export function columnLetters(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function rowXml(rowNumber: number, values: readonly CellValue[], bold = false): string {
  const style = bold ? ' s="1"' : "";
  const cells = values.map((value, index) => {
    const ref = `${columnLetters(index)}${rowNumber}`;
    if (typeof value === "number" && Number.isFinite(value))
      return `<c r="${ref}"${style}><v>${value}</v></c>`;
    const text = cellText(value);
    if (text === "") return "";
    return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
  });
  return `<row r="${rowNumber}">${cells.join("")}</row>`;
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const workbook = (sheetName: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`;

/**
 * An .xlsx file of one sheet as a stream: the header row (bold, frozen), then every page `pages` yields. The next
 * page is read only when the response has taken the last one.
 */
export function xlsxStream({
  sheetName,
  header,
  pages,
}: {
  sheetName: string;
  header: readonly string[];
  pages: AsyncIterable<CellValue[][]>;
}): ReadableStream<Uint8Array> {
  const iterator = pages[Symbol.asyncIterator]();
  let zip: Zip;
  let sheet: ZipDeflate;
  let rowNumber = 1;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        if (chunk.length > 0) controller.enqueue(chunk);
        if (final) controller.close();
      });
      const file = (name: string, text: string) => {
        const entry = new ZipPassThrough(name);
        zip.add(entry);
        entry.push(encoder.encode(text), true);
      };
      file("[Content_Types].xml", CONTENT_TYPES);
      file("_rels/.rels", ROOT_RELS);
      file("xl/workbook.xml", workbook(sheetName));
      file("xl/_rels/workbook.xml.rels", WORKBOOK_RELS);
      file("xl/styles.xml", STYLES);
      sheet = new ZipDeflate("xl/worksheets/sheet1.xml", { level: 6 });
      zip.add(sheet);
      sheet.push(
        encoder.encode(
          `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>${rowXml(1, header, true)}`,
        ),
      );
    },
    async pull() {
      const next = await iterator.next();
      if (next.done) {
        sheet.push(encoder.encode("</sheetData></worksheet>"), true);
        zip.end();
        return;
      }
      sheet.push(encoder.encode(next.value.map((values) => rowXml(++rowNumber, values)).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
