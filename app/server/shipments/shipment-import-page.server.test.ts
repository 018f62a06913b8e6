// The import page (admin/shipments/import, shipment-import-page.server.ts) through its loader and action: hostile
// files refused with their message, the upload, check and import steps of a clerk, and the contact details of
// parties already in the address book kept or replaced as the clerk chooses.
import { count, eq, sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ColumnMapping, guessMapping } from "#app/lib/shipment-import.ts";
import { action as importAction, loader as importLoader } from "#app/routes/admin/shipments.import.tsx";
import { consignees, shipments, shippers } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { runImport } from "#app/server/shipments/shipment-import.server.ts";
import { csv, HEADER, importSteps, row } from "#app/server/shipments/shipment-import.test-support.ts";
import { readSpreadsheet } from "#app/server/spreadsheets/spreadsheet-read.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let cookie: string;
let userId: string;
beforeAll(async () => {
  services = await createTestServices();
  const staff = await signInStaff({ ...services, email: "io@example.com" });
  userId = staff.user.id;
  cookie = staff.cookie;
});
afterAll(() => services?.close());

const { upload, counts } = importSteps(() => ({ services, userId }));

// ----------------------------------------------------------------------------------------------------------
// Through the page's action: hostile files are refused with their message and change nothing.

function post(fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return importAction({
    request: new Request("http://localhost/admin/shipments/import", {
      method: "POST",
      headers: { cookie },
      body,
    }),
    context: createTestContext(services),
    params: {},
  } as never) as Promise<unknown>;
}

async function refusal(bytes: Uint8Array, name: string): Promise<string> {
  const before = await counts();
  const reply = (await post({ intent: "upload", file: new File([new Uint8Array(bytes)], name) })) as {
    data: { error: string };
    init: { status: number };
  };
  expect(reply.init.status).toBe(400);
  expect(await counts()).toEqual(before);
  return reply.data.error;
}

/** An .xlsx whose first sheet is `sheetXml` (and shared strings, when given). */
function xlsx(sheetXml: string, sharedStrings?: string) {
  return zipSync({
    "[Content_Types].xml": strToU8("<Types/>"),
    "xl/workbook.xml": strToU8("<workbook/>"),
    ...(sharedStrings ? { "xl/sharedStrings.xml": strToU8(sharedStrings) } : {}),
    "xl/worksheets/sheet1.xml": strToU8(sheetXml),
  });
}

describe("hostile files", () => {
  it("refuses a file over 10 MB", async () => {
    const big = new Uint8Array(50 * 1024 * 1024).fill(0x41);
    expect(await refusal(big, "big.csv")).toBe("The file is larger than 10 MB. Split it into smaller files.");
  });

  it("refuses a PNG named .csv", async () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]);
    expect(await refusal(png, "shipments.csv")).toMatch(
      /^This file is neither a CSV file nor an Excel workbook/,
    );
  });

  it("refuses text that is not UTF-8, and UTF-16 without its byte-order mark; reads UTF-16 with it", async () => {
    const latin1 = new Uint8Array([...strToU8("Tracking No,Status\nIMP-1,Livr"), 0xe9, 0x0a]);
    expect(await refusal(latin1, "latin1.csv")).toMatch(/^The file is not UTF-8 text/);
    const text = `${HEADER.join(",")}\r\n${row("IMP-UTF16-1").join(",")}\r\n`;
    const utf16 = new Uint8Array(Buffer.from(text, "utf16le"));
    expect(await refusal(utf16, "utf16.csv")).toMatch(
      /^The file looks like UTF-16 text without a byte-order mark/,
    );
    const withBom = new Uint8Array([0xff, 0xfe, ...utf16]);
    expect(readSpreadsheet(withBom).rows[1]![0]).toBe("IMP-UTF16-1");
  });

  it("refuses a CSV of 1,000,000 rows", async () => {
    const million = strToU8(`Tracking No\n${"X\n".repeat(1_000_000)}`);
    expect(await refusal(million, "million.csv")).toBe(
      "The file has more than 20,000 rows. Split it into smaller files.",
    );
  });

  // It packs and unpacks 70 MB twice: seconds alone, past 30 s beside the browser suite in CI's PostgreSQL 15 lane.
  it("refuses an .xlsx zip bomb, whether its sizes are declared or hidden", { timeout: 90_000 }, async () => {
    const sheet = `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${"0".repeat(70 * 1024 * 1024)}</t></is></c></row></sheetData></worksheet>`;
    const bomb = xlsx(sheet);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(bomb, "bomb.xlsx")).toBe(
      "The .xlsx file unpacks to more than 64 MB: it was refused.",
    );
    // The local header's uncompressed size zeroed: the inflated bytes are counted instead.
    const hidden = bomb.slice();
    const view = new DataView(hidden.buffer);
    for (let offset = 0; offset < hidden.length - 30; offset++) {
      if (view.getUint32(offset, true) === 0x04034b50) view.setUint32(offset + 22, 0, true);
    }
    expect(await refusal(hidden, "bomb2.xlsx")).toMatch(
      /^The \.xlsx file (unpacks to more than 64 MB|is damaged)/,
    );
  });

  it("refuses an .xlsx with XML entity expansion", async () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><sst><si><t>&lol2;</t></si></sst>`;
    const file = xlsx(
      '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
      lol,
    );
    expect(await refusal(file, "xxe.xlsx")).toBe(
      "The .xlsx file contains a document type declaration (DTD), which no spreadsheet needs: it was refused.",
    );
  });

  it("lists formula cells of a workbook as row errors and imports nothing", async () => {
    const cells = (r: number, values: string[]) =>
      `<row r="${r}">${values.map((v, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${v}</t></is></c>`).join("")}</row>`;
    const sheet = `<worksheet><sheetData>${cells(1, HEADER)}${cells(2, row("IMP-XF-1")).replace(
      '<c r="H2" t="inlineStr"><is><t>Peeters Export</t></is></c>',
      '<c r="H2" t="str"><f>HYPERLINK("http://evil.example","x")</f><v>x</v></c>',
    )}</sheetData></worksheet>`;
    const before = await counts();
    const id = await upload(xlsx(sheet));
    expect(await runImport({ db: services.db, id, updateExisting: false, notify: false })).toMatchObject({
      ok: false,
      errors: [
        {
          row: 2,
          column: "H",
          message: "This cell holds a formula; formulas are not imported. Paste its value instead.",
        },
      ],
    });
    expect((await counts()).shipments).toBe(before.shipments);
  });
});

describe("the import page", () => {
  it("uploads, checks and imports through its action, and the loader shows the preview with the guessed mapping", async () => {
    const reply = (await post({
      intent: "upload",
      file: new File([csv([HEADER, row("IMP-PAGE-1", { ETA: "25/12/2026" })])], "page.csv"),
    })) as Response;
    expect(reply.status).toBe(302);
    const location = reply.headers.get("Location")!;
    const view = (await importLoader({
      request: new Request(`http://localhost${location}`, { headers: { cookie } }),
      context: createTestContext(services),
      params: {},
    } as never)) as {
      step: string;
      uploadId: string;
      dateFormat: string;
      mapping: ColumnMapping;
      preview: string[][];
    };
    expect(view).toMatchObject({
      step: "map",
      dateFormat: "dmy",
      preview: [row("IMP-PAGE-1", { ETA: "25/12/2026" })],
    });
    const fields: Record<string, string> = { uploadId: view.uploadId, dateFormat: "dmy" };
    for (const [key, column] of Object.entries(view.mapping))
      fields[`map.${key}`] = column === null ? "" : String(column);
    const unmapped = (await post({ ...fields, intent: "check" })) as { data: { mappingErrors: string[] } };
    expect(unmapped.data.mappingErrors).toEqual(["Choose the column that holds Destination."]);
    fields["map.destinationLocation"] = "3";
    const checked = (await post({ ...fields, intent: "check" })) as {
      data: { ok: boolean; created: number };
    };
    expect(checked.data).toMatchObject({ ok: true, created: 1 });
    const done = (await post({ ...fields, intent: "import" })) as Response;
    expect(done.headers.get("Location")).toBe("/admin/shipments");
    const again = (await post({ ...fields, intent: "import" })) as Response;
    expect(again.headers.get("Location")).toBe("/admin/shipments");
    expect(
      (
        await services.db
          .select({ n: count() })
          .from(shipments)
          .where(sql`${shipments.trackingNumber} = 'IMP-PAGE-1'`)
      )[0]!.n,
    ).toBe(1);
  });
});

describe("contact details of parties already in the address book", () => {
  const PARTY_HEADER = [
    "Tracking No",
    "Status",
    "From",
    "Destination",
    "ETA",
    "Dimensions",
    "Shipper",
    "Shipper email",
    "Shipper phone",
    "Consignee",
    "Consignee email",
    "Consignee phone",
  ];

  it("adds the e-mail and phone a matched party lacks, and keeps or replaces a differing one as the clerk chooses", async () => {
    const [shipper] = await services.db
      .insert(shippers)
      .values({ name: "Harbour Cargo Ltd" })
      .returning({ id: shippers.id });
    const [consignee] = await services.db
      .insert(consignees)
      .values({ name: "Bong Mines Store", email: "old@bong.example", phone: "+231880123456" })
      .returning({ id: consignees.id });
    const file = csv([
      PARTY_HEADER,
      [
        "IMP-DETAIL-1",
        "In Transit",
        "Antwerp",
        "Monrovia",
        "31/12/2026",
        "1x1x1 m",
        "Harbour Cargo Ltd",
        "ops@harbour.example",
        "0770 123 456",
        "Bong Mines Store",
        "new@bong.example",
        "0886 123 456",
      ],
    ]);
    const reply = (await post({ intent: "upload", file: new File([file], "details.csv") })) as Response;
    const uploadId = new URL(`http://localhost${reply.headers.get("Location")}`).searchParams.get("upload")!;
    const fields: Record<string, string> = { uploadId, dateFormat: "dmy" };
    for (const [key, column] of Object.entries(guessMapping(PARTY_HEADER)))
      fields[`map.${key}`] = column === null ? "" : String(column);

    const checked = (await post({ ...fields, intent: "check" })) as {
      data: { ok: boolean; fills: unknown[]; conflicts: unknown[] };
    };
    expect(checked.data.ok).toBe(true);
    expect(checked.data.fills).toEqual([
      expect.objectContaining({
        kind: "shipper",
        partyId: shipper!.id,
        field: "email",
        file: "ops@harbour.example",
      }),
      expect.objectContaining({
        kind: "shipper",
        partyId: shipper!.id,
        field: "phone",
        file: "+231770123456",
      }),
    ]);
    expect(checked.data.conflicts).toEqual([
      expect.objectContaining({
        kind: "consignee",
        partyId: consignee!.id,
        field: "email",
        stored: "old@bong.example",
        file: "new@bong.example",
      }),
      expect.objectContaining({
        kind: "consignee",
        partyId: consignee!.id,
        field: "phone",
        stored: "+231880123456",
        file: "+231886123456",
      }),
    ]);

    // The clerk replaces the phone and leaves the e-mail on its default, 'keep'.
    const done = (await post({
      ...fields,
      intent: "import",
      [`detail:consignee:${consignee!.id}:phone`]: "replace",
    })) as Response;
    expect(done.headers.get("Location")).toBe("/admin/shipments");
    const [savedShipper] = await services.db
      .select({ email: shippers.email, phone: shippers.phone })
      .from(shippers)
      .where(eq(shippers.id, shipper!.id));
    expect(savedShipper).toEqual({ email: "ops@harbour.example", phone: "+231770123456" });
    const [savedConsignee] = await services.db
      .select({ email: consignees.email, phone: consignees.phone })
      .from(consignees)
      .where(eq(consignees.id, consignee!.id));
    expect(savedConsignee).toEqual({ email: "old@bong.example", phone: "+231886123456" });
    const [imported] = await services.db
      .select({ shipperId: shipments.shipperId, consigneeId: shipments.consigneeId })
      .from(shipments)
      .where(eq(shipments.trackingNumber, "IMP-DETAIL-1"));
    expect(imported).toEqual({ shipperId: shipper!.id, consigneeId: consignee!.id });
  });
});
