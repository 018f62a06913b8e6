// Longer than 450 lines: the import's behaviours (formats, checks, hostile files, exactly once) share one
// database and the file builders.
import { count, eq, sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ColumnMapping, guessMapping, TEMPLATE_ROWS } from "#app/lib/shipment-import.ts";
import { action as importAction, loader as importLoader } from "#app/routes/admin/shipments.import.tsx";
import {
  consignees,
  shipmentImports,
  shipmentNotificationState,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import {
  checkRows,
  createUpload,
  deleteExpiredUploads,
  getUpload,
  guessDateFormat,
  parseImportDate,
  runImport,
  saveUploadChoices,
} from "#app/server/shipments/shipment-import.server.ts";
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

const HEADER = [
  "Tracking No",
  "Status",
  "From",
  "Ship to",
  "ETA",
  "Dimensions",
  "Weight",
  "Shipper",
  "Shipper email",
  "Consignee",
  "Consignee email",
];
/** CSV as a clerk's spreadsheet writes it (quoted where needed, nothing neutralised). */
const csv = (rows: string[][]) =>
  strToU8(
    rows
      .map(
        (cells) =>
          `${cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(",")}\r\n`,
      )
      .join(""),
  );
const row = (n: string, overrides: Partial<Record<string, string>> = {}) => {
  const values: Record<string, string> = {
    "Tracking No": n,
    Status: "In Transit",
    From: "Antwerp",
    "Ship to": "Monrovia",
    ETA: "31/12/2026",
    Dimensions: "1x1x1 m",
    Weight: "120.5",
    Shipper: "Peeters Export",
    "Shipper email": "jan@peeters.example",
    Consignee: "Kollie Trading",
    "Consignee email": "",
    ...overrides,
  };
  return HEADER.map((h) => values[h]!);
};
const mappingFor = (header: string[]): ColumnMapping => ({
  ...guessMapping(header),
  destinationLocation: header.indexOf("Ship to"),
});

async function upload(
  bytes: Uint8Array,
  {
    dateFormat = "dmy" as const,
    mapping,
  }: { dateFormat?: "dmy" | "mdy" | "iso"; mapping?: ColumnMapping } = {},
) {
  const created = await createUpload({ db: services.db, bytes, filename: "shipments.csv", userId });
  const header = readSpreadsheet(bytes).rows[0]!;
  await saveUploadChoices({
    db: services.db,
    id: created.id,
    mapping: mapping ?? mappingFor(header),
    dateFormat,
  });
  return created.id;
}

const counts = async () => ({
  shipments: (await services.db.select({ n: count() }).from(shipments))[0]!.n,
  shippers: (await services.db.select({ n: count() }).from(shippers))[0]!.n,
  consignees: (await services.db.select({ n: count() }).from(consignees))[0]!.n,
  uploads: (await services.db.select({ n: count() }).from(shipmentImports))[0]!.n,
});

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

describe("runImport", () => {
  it("imports every row with its parties, matched by e-mail (case aside) or name, or created once", async () => {
    await services.db.insert(shippers).values({ name: "Someone Else", email: "JAN@peeters.example" });
    await services.db.insert(consignees).values({ name: "Kollie Trading" });
    const before = await counts();
    const id = await upload(
      csv([
        HEADER,
        row("IMP-HAPPY-1"),
        row("IMP-HAPPY-2", {
          Shipper: "New Shipper",
          "Shipper email": "new@shipper.example",
          ETA: "1/2/2027",
        }),
        row("IMP-HAPPY-3", { Shipper: "New Shipper", "Shipper email": "NEW@shipper.example", Consignee: "" }),
      ]),
    );
    const outcome = await runImport({ db: services.db, id, updateExisting: false, notify: false });
    expect(outcome).toEqual({ ok: true, result: { created: 3, updated: 0, skipped: 0 }, repeated: false });
    const after = await counts();
    expect(after.shipments - before.shipments).toBe(3);
    expect(after.shippers - before.shippers).toBe(1);
    expect(after.consignees - before.consignees).toBe(0);
    const [first] = await services.db
      .select({
        s: shippers.name,
        c: consignees.name,
        eta: shipments.estimatedDelivery,
        weight: shipments.weight,
      })
      .from(shipments)
      .leftJoin(shippers, eq(shippers.id, shipments.shipperId))
      .leftJoin(consignees, eq(consignees.id, shipments.consigneeId))
      .where(eq(shipments.trackingNumber, "IMP-HAPPY-1"));
    expect(first).toEqual({
      s: "Someone Else",
      c: "Kollie Trading",
      eta: new Date("2026-12-31T00:00:00Z"),
      weight: 120.5,
    });
    const [second] = await services.db
      .select({ eta: shipments.estimatedDelivery })
      .from(shipments)
      .where(eq(shipments.trackingNumber, "IMP-HAPPY-2"));
    expect(second!.eta).toEqual(new Date("2027-02-01T00:00:00Z"));
    // Notify was off: nothing waits for the customers.
    expect((await services.db.select({ n: count() }).from(shipmentNotificationState))[0]!.n).toBe(0);
  });

  it("imports nothing when one row is invalid", async () => {
    const before = await counts();
    const id = await upload(
      csv([HEADER, row("IMP-AON-1"), row("IMP-AON-2"), row("IMP-AON-3", { Dimensions: "" })]),
    );
    const outcome = await runImport({ db: services.db, id, updateExisting: false, notify: false });
    expect(outcome).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: [{ row: 4, column: "F", header: "Dimensions", message: "Dimensions is required." }],
    });
    const after = await counts();
    expect({ ...after, uploads: 0 }).toEqual({ ...before, uploads: 0 });
    expect((await getUpload({ db: services.db, id }))!.state).toBe("uploaded");
  });

  it("creates nothing twice when the same file is imported again, and updates only when asked", async () => {
    const file = csv([HEADER, row("IMP-AGAIN-1"), row("IMP-AGAIN-2")]);
    expect(
      await runImport({ db: services.db, id: await upload(file), updateExisting: false, notify: false }),
    ).toMatchObject({
      result: { created: 2, updated: 0, skipped: 0 },
    });
    const before = await counts();
    expect(
      await runImport({ db: services.db, id: await upload(file), updateExisting: false, notify: false }),
    ).toMatchObject({
      result: { created: 0, updated: 0, skipped: 2 },
    });
    expect(await counts()).toEqual({ ...before, uploads: before.uploads + 1 });

    const changed = csv([HEADER, row("impagain-1", { Status: "Arrived" }), row("IMP-AGAIN-3")]);
    const outcome = await runImport({
      db: services.db,
      id: await upload(changed),
      updateExisting: true,
      notify: true,
    });
    expect(outcome).toMatchObject({ result: { created: 1, updated: 1, skipped: 0 } });
    const [updated] = await services.db
      .select({ status: shipments.status, trackingNumber: shipments.trackingNumber })
      .from(shipments)
      .where(eq(shipments.trackingKey, "IMPAGAIN1"));
    // Updated in place: the number keeps its stored form, the status changed.
    expect(updated).toEqual({ status: "Arrived", trackingNumber: "IMP-AGAIN-1" });
    // 'Notify customers' on: the changed and the new shipment wait for their recipients, the unchanged one does not.
    const waiting = await services.db
      .select({ trackingNumber: shipments.trackingNumber })
      .from(shipmentNotificationState)
      .innerJoin(shipments, eq(shipments.id, shipmentNotificationState.shipmentId))
      .where(sql`${shipments.trackingNumber} like 'IMP-AGAIN-%'`);
    expect(waiting.map((w) => w.trackingNumber).sort()).toEqual(["IMP-AGAIN-1", "IMP-AGAIN-3"]);
  });

  it("imports once when the final step is sent twice at the same time", async () => {
    const before = await counts();
    const id = await upload(csv([HEADER, row("IMP-RACE-1"), row("IMP-RACE-2"), row("IMP-RACE-3")]));
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => runImport({ db: services.db, id, updateExisting: true, notify: false })),
    );
    expect(outcomes.filter((o) => o.ok && !o.repeated)).toHaveLength(1);
    expect(outcomes.every((o) => o.ok && o.result.created === 3)).toBe(true);
    expect((await counts()).shipments - before.shipments).toBe(3);
  });

  it("forgets uploads after a day", async () => {
    const id = await upload(csv([HEADER, row("IMP-OLD-1")]));
    const tomorrow = new Date(Date.now() + 24 * 3_600_000 + 1000);
    expect(await getUpload({ db: services.db, id, now: tomorrow })).toBeNull();
    expect(await deleteExpiredUploads({ db: services.db, now: tomorrow })).toBeGreaterThan(0);
    expect(await getUpload({ db: services.db, id })).toBeNull();
  });
});

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

  it("refuses an .xlsx zip bomb, whether its sizes are declared or hidden", async () => {
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
