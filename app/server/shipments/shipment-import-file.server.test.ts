// The import's reading of a clerk's file (shipment-import-file.server.ts): the columns guessed from the header,
// dates in the three formats and Excel serials, and every row checked with the shipment and party forms' messages,
// by row and column. No database: the rows are checked before anything is written.
import { describe, expect, it } from "vitest";
import { guessMapping, TEMPLATE_ROWS } from "#app/lib/shipment-import.ts";
import { csv, HEADER, mappingFor, row } from "#app/server/shipments/shipment-import.test-support.ts";
import {
  checkRows,
  guessDateFormat,
  parseImportDate,
} from "#app/server/shipments/shipment-import-file.server.ts";
import { readSpreadsheet } from "#app/server/spreadsheets/spreadsheet-read.server.ts";

describe("mapping and dates", () => {
  it("guesses the columns from common headers; an unknown header is left to the clerk", () => {
    const mapping = guessMapping(HEADER);
    expect(mapping.trackingNumber).toBe(0);
    expect(mapping.originLocation).toBe(2);
    expect(mapping.destinationLocation).toBeNull();
    expect(mapping.estimatedDelivery).toBe(4);
    expect(mapping.weight).toBe(6);
    expect(mapping.shipperName).toBe(7);
    expect(mapping.shipperEmail).toBe(8);
    expect(mapping.consigneeName).toBe(9);
    // The template's own header maps every field.
    expect(Object.values(guessMapping(TEMPLATE_ROWS[0]!)).every((column) => column !== null)).toBe(true);
  });

  it("reads the three date formats and Excel serials, and guesses only when the dates tell", () => {
    expect(parseImportDate("03/04/2026", "dmy")).toBe("2026-04-03");
    expect(parseImportDate("03/04/2026", "mdy")).toBe("2026-03-04");
    expect(parseImportDate("2026-4-3", "iso")).toBe("2026-04-03");
    expect(parseImportDate("3.4.2026", "dmy")).toBe("2026-04-03");
    expect(parseImportDate("46113", "dmy")).toBe("2026-04-01");
    expect(parseImportDate("2026-04-03", "dmy")).toBeNull();
    expect(guessDateFormat(["03/04/2026", "25/12/2026"])).toBe("dmy");
    expect(guessDateFormat(["12/25/2026"])).toBe("mdy");
    expect(guessDateFormat(["2026-12-25"])).toBe("iso");
    expect(guessDateFormat(["03/04/2026"])).toBeNull();
  });
});

describe("checkRows", () => {
  it("lists each problem by row and column with the shipment form's messages", () => {
    const sheet = readSpreadsheet(
      csv([
        HEADER,
        row("IMP-CHK-1"),
        row("IMP-CHK-2", { ETA: "2026-12-31", "Ship to": "M" }),
        row("IMP-CHK-3", { Status: "" }),
        row("IMP-CHK-4", { "Shipper email": "not-an-email" }),
        row("IMP-CHK-5", { Shipper: '=HYPERLINK("http://evil.example","click")' }),
      ]),
    );
    const { rows, errors } = checkRows({ sheet, mapping: mappingFor(HEADER), dateFormat: "dmy" });
    expect(rows.map((r) => r.row)).toEqual([2]);
    expect(errors).toEqual([
      { row: 3, column: "D", header: "Ship to", message: "Destination must be at least 2 characters." },
      { row: 3, column: "E", header: "ETA", message: "Enter the date as DD/MM/YYYY, like 31/12/2026." },
      { row: 4, column: "B", header: "Status", message: "Status is required." },
      { row: 5, column: "I", header: "Shipper email", message: "Please enter a valid email address." },
      {
        row: 6,
        column: "H",
        header: "Shipper",
        message:
          "This cell starts like a formula (= + - @); formulas are not imported. Type the value itself.",
      },
    ]);
  });

  it("says an empty cell of a required field is required, not that it is too short", () => {
    const sheet = readSpreadsheet(csv([HEADER, row("IMP-EMPTY-1", { "Ship to": "" })]));
    const { errors } = checkRows({ sheet, mapping: mappingFor(HEADER), dateFormat: "dmy" });
    expect(errors).toEqual([{ row: 2, column: "D", header: "Ship to", message: "Destination is required." }]);
  });

  it("passes the template's example row as it is", () => {
    const sheet = readSpreadsheet(csv(TEMPLATE_ROWS));
    const result = checkRows({ sheet, mapping: guessMapping(TEMPLATE_ROWS[0]!), dateFormat: "dmy" });
    expect(result.errors).toEqual([]);
    expect(result.rows[0]).toMatchObject({
      key: "UTG20260001",
      shipment: { transportMode: "sea", declaredValue: 15000, declaredCurrency: "USD", incoterm: "CIF" },
      consignee: { phone: "+231770123456" },
    });
  });

  it("refuses a tracking number that is twice in the file (spaces, dashes and case aside)", () => {
    const sheet = readSpreadsheet(csv([HEADER, row("IMP-DUP-1"), row("imp dup 1")]));
    const { errors } = checkRows({ sheet, mapping: mappingFor(HEADER), dateFormat: "dmy" });
    expect(errors.map((e) => e.message)).toContain(
      "Use letters, digits and hyphens only, like UTG-1234-5678.",
    );
    const sheet2 = readSpreadsheet(csv([HEADER, row("IMP-DUP-1"), row("IMPDUP-1")]));
    expect(checkRows({ sheet: sheet2, mapping: mappingFor(HEADER), dateFormat: "dmy" }).errors).toEqual([
      { row: 3, column: "A", header: "Tracking No", message: "This tracking number is also on row 2." },
    ]);
  });
});
