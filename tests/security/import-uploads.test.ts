// The shipment import's uploads: too large, not a spreadsheet, not UTF-8, too many rows, a zip bomb, XML
// entities: refused with a message, nothing stored.

import { strToU8, zipSync } from "fflate";
import { MULTIPART, multipart } from "./corpus.ts";
import { attack, check, connect } from "./harness.ts";
import { smallPng } from "./requests.ts";

const { client, unchanged, adminCookie } = connect();

attack(
  "shipment import uploads: 50 MB, 11 MB, PNG as .csv, not UTF-8, UTF-16 without BOM, 1,000,000 rows, zip bomb, XML entities: refused with a message, nothing stored",
  async () => {
    const text = (value: string) => new TextEncoder().encode(value);
    const xlsx = (files: Record<string, string>) =>
      zipSync(Object.fromEntries(Object.entries(files).map(([name, body]) => [name, strToU8(body)])));
    const bombSheet = `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${"0".repeat(70 * 1024 * 1024)}</t></is></c></row></sheetData></worksheet>`;
    const png = await smallPng();
    const cases: { what: string; file: Uint8Array; name: string; message: RegExp; status?: number }[] = [
      {
        what: "a 50 MB file",
        file: new Uint8Array(50 * 1024 * 1024).fill(65),
        name: "big.csv",
        message: /too large/i,
        status: 413,
      },
      {
        what: "an 11 MB file",
        file: new Uint8Array(Math.round(10.5 * 1024 * 1024)).fill(65),
        name: "big.csv",
        message: /larger than 10 MB/,
      },
      {
        what: "a PNG named .csv",
        file: png,
        name: "shipments.csv",
        message: /neither a CSV file nor an Excel workbook/,
      },
      {
        what: "Windows-1252 text",
        file: new Uint8Array([...text("Tracking number,Status\nA-1,Livr"), 0xe9, 0x0a]),
        name: "w.csv",
        message: /not UTF-8 text/,
      },
      {
        what: "UTF-16 without its BOM",
        file: new Uint8Array(Buffer.from("Tracking number,Status\r\nA-1,Pending\r\n", "utf16le")),
        name: "u.csv",
        message: /UTF-16 text without a byte-order mark/,
      },
      {
        what: "1,000,000 rows",
        file: text(`Tracking number\n${"X\n".repeat(1_000_000)}`),
        name: "million.csv",
        message: /more than 20,000 rows/,
      },
      {
        what: "an .xlsx zip bomb",
        file: xlsx({ "xl/worksheets/sheet1.xml": bombSheet }),
        name: "bomb.xlsx",
        message: /unpacks to more than 64 MB/,
      },
      {
        what: "an .xlsx with entity expansion",
        file: xlsx({
          "xl/sharedStrings.xml":
            '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><sst><si><t>&b;</t></si></sst>',
          "xl/worksheets/sheet1.xml":
            '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
        }),
        name: "xxe.xlsx",
        message: /document type declaration/,
      },
    ];
    let requests = 0;
    await unchanged("refused spreadsheets", async () => {
      for (const c of cases) {
        const sent = await client.send("/admin/shipments/import", {
          method: "POST",
          body: {
            body: multipart([
              ["intent", "upload"],
              ["file", { file: c.file, filename: c.name, type: "text/csv" }],
            ]),
            contentType: MULTIPART,
          },
          cookie: adminCookie(),
          timeoutMs: 60_000,
        });
        requests++;
        check(sent.status === (c.status ?? 400), `${c.what}: status ${sent.status}`);
        check(c.message.test(sent.body), `${c.what}: no clear message (${sent.body.slice(0, 120)})`);
      }
    });
    return `${cases.length} hostile files refused with their message and nothing stored; ${requests} requests`;
  },
);
