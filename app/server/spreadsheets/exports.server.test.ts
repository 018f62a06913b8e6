import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  consignees,
  contactSubmissions,
  shipmentStatusHistory,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import { contactSubmissionExport } from "#app/server/inbox/contact-export.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { SHIPMENT_EXPORT_HEADER, shipmentExport } from "#app/server/shipments/shipment-export.server.ts";
import { neutraliseText } from "#app/server/spreadsheets/cells.server.ts";
import { EXPORT_PAGE_SIZE, exportResponse } from "#app/server/spreadsheets/exports.server.ts";
import { readXlsx } from "#app/server/spreadsheets/xlsx-read.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
  const [shipper] = await services.db
    .insert(shippers)
    .values({ name: '=HYPERLINK("http://evil","x")', company: "Acme Export", email: "ship@example.com" })
    .returning();
  const [consignee] = await services.db
    .insert(consignees)
    .values({ name: "Monrovia Traders", email: "buy@example.com" })
    .returning();
  const rows = await services.db
    .insert(shipments)
    .values(
      ["EXP-0001", "EXP-0002", "EXP-0003"].map((trackingNumber, i) => ({
        trackingNumber,
        status: i === 2 ? "Delivered" : "In Transit",
        originLocation: "Antwerp",
        destinationLocation: i === 1 ? "+Buchanan" : "Monrovia",
        dimensions: "1x1x1",
        weight: 12.5,
        shipperId: shipper!.id,
        consigneeId: consignee!.id,
        createdAt: new Date(Date.UTC(2026, 10, 20 + i)),
      })),
    )
    .returning();
  await services.db.insert(shipmentStatusHistory).values([
    {
      shipmentId: rows[0]!.id,
      status: "Booked",
      location: "Antwerp",
      timestamp: new Date("2026-11-20T08:00:00Z"),
    },
    {
      shipmentId: rows[0]!.id,
      status: "In Transit",
      location: "At sea",
      timestamp: new Date("2026-11-21T08:00:00Z"),
    },
  ]);
  await services.db.insert(contactSubmissions).values({
    name: "@SUM(1+1)",
    email: "c@example.com",
    subject: "-2+3",
    message: "Hello\tthere",
  });
});
afterAll(() => services?.close());

async function download(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

describe("neutraliseText", () => {
  it("prefixes a single quote to text that starts like a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"])
      expect(neutraliseText(`${start}1`)).toBe(`'${start}1`);
    expect(neutraliseText("Monrovia")).toBe("Monrovia");
  });
});

describe("shipmentExport", () => {
  it("exports exactly the filtered rows as CSV, in the list's order, with parties and the latest status, neutralised", async () => {
    const params = new URLSearchParams({ q: "EXP-", status: "active", sort: "oldest" });
    const response = exportResponse({
      table: shipmentExport({ db: services.db, params }),
      format: "csv",
      name: "shipments",
      now: new Date("2026-11-26T12:00:00Z"),
    });
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="shipments-2026-11-26.csv"',
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await download(response));
    expect(text.startsWith("\ufeff")).toBe(true);
    const [header, ...rows] = parse(text.slice(1)) as string[][];
    expect(header).toEqual(SHIPMENT_EXPORT_HEADER);
    const col = (name: string) => header!.indexOf(name);
    expect(rows.map((r) => r[col("Tracking number")])).toEqual(["EXP-0001", "EXP-0002"]);
    expect(rows[0]![col("Shipper name")]).toBe('\'=HYPERLINK("http://evil","x")');
    expect(rows[0]![col("Consignee email")]).toBe("buy@example.com");
    // The party's language (decision 030), in words.
    expect(rows[0]![col("Consignee language")]).toBe("English");
    expect(rows[0]![col("Latest status")]).toBe("In Transit");
    expect(rows[0]![col("Latest status location")]).toBe("At sea");
    expect(rows[0]![col("Latest status time (UTC)")]).toBe("2026-11-21T08:00:00Z");
    expect(rows[0]![col("Weight (kg)")]).toBe("12.5");
    expect(rows[1]![col("Destination")]).toBe("'+Buchanan");
    expect(rows[1]![col("Latest status")]).toBe("");
  });

  it("exports the same rows as .xlsx, read back with the app's reader", async () => {
    const params = new URLSearchParams({ q: "EXP-", status: "active" });
    const response = exportResponse({
      table: shipmentExport({ db: services.db, params }),
      format: "xlsx",
      name: "s",
    });
    expect(response.headers.get("Content-Type")).toContain("spreadsheetml");
    const { rows, formulas } = readXlsx(await download(response), { maxRows: 100 });
    expect(formulas).toEqual([]);
    const [header, ...data] = rows;
    expect(header).toEqual(SHIPMENT_EXPORT_HEADER);
    const col = (name: string) => header!.indexOf(name);
    // Newest first (the default sort).
    expect(data.map((r) => r[col("Tracking number")])).toEqual(["EXP-0002", "EXP-0001"]);
    expect(data[1]![col("Shipper name")]).toBe('\'=HYPERLINK("http://evil","x")');
    expect(data[1]![col("Weight (kg)")]).toBe("12.5");
    expect(data[1]![col("Latest status")]).toBe("In Transit");
  });

  it("streams 20,000 shipments page by page: the rows read never run ahead of the response", async () => {
    await services.db.execute(sql`
      insert into shipments (tracking_number, status, origin_location, destination_location, dimensions, created_at)
      select 'BIG-' || lpad(g::text, 6, '0'), 'In Transit', 'Antwerp', 'Monrovia', '1x1x1',
             -- Half of them made in the same microsecond, as one statement or one import makes them.
             case when g % 2 = 0 then timestamptz '2026-01-01 00:00:00.123456'
                  else timestamptz '2026-01-01' + g * interval '1.000001 second' end
      from generate_series(1, 20000) g`);
    for (const format of ["csv", "xlsx"] as const) {
      const table = shipmentExport({ db: services.db, params: new URLSearchParams({ q: "BIG-" }) });
      // Counts the rows read from the database, to compare with what the response has handed out.
      let rowsRead = 0;
      const pages = table.pages;
      table.pages = (async function* () {
        for await (const page of pages) {
          rowsRead += page.length;
          yield page;
        }
      })();
      const reader = exportResponse({ table, format, name: "s" }).body!.getReader();
      let bytes = 0;
      let chunks = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
        chunks++;
        // Rows are read a page at a time, as the response takes them: never more than two pages ahead.
        expect(rowsRead).toBeLessThanOrEqual(Math.max(chunks, 1) * EXPORT_PAGE_SIZE + EXPORT_PAGE_SIZE);
      }
      expect(rowsRead).toBe(20_000);
      // Many chunks (one or more per page of 1,000 rows), not one buffer of everything.
      expect(chunks).toBeGreaterThanOrEqual(20);
      expect(bytes).toBeGreaterThan(format === "csv" ? 1_000_000 : 100_000);
    }
  });
});

describe("contactSubmissionExport", () => {
  it("neutralises every cell that starts like a formula, tab included", async () => {
    const response = exportResponse({
      table: contactSubmissionExport({ db: services.db, params: new URLSearchParams() }),
      format: "csv",
      name: "contact-messages",
    });
    const [, row] = parse(
      new TextDecoder("utf-8", { ignoreBOM: true }).decode(await download(response)).slice(1),
    ) as string[][];
    expect(row!.slice(1, 5)).toEqual(["'@SUM(1+1)", "c@example.com", "'-2+3", "Hello\tthere"]);
  });
});
