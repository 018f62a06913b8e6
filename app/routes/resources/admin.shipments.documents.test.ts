// The freight documents' routes, called directly with a real session on a real database: who may have them,
// their headers, and the limits of a label run and of a bulk PDF.
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as deliveryNoteLoader } from "#app/routes/resources/admin.shipments.$id.delivery-note.pdf.ts";
import { loader as labelLoader } from "#app/routes/resources/admin.shipments.$id.label.pdf.ts";
import { loader as waybillLoader } from "#app/routes/resources/admin.shipments.$id.waybill.pdf.ts";
import {
  action as bulkAction,
  loader as bulkLoader,
} from "#app/routes/resources/admin.shipments.labels.pdf.ts";
import { decodePages, pdfInfo, pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import type { Services } from "#app/server/services.server.ts";
import { updateDocumentSettings } from "#app/server/settings/document-settings.server.ts";
import { createShipment, type ShipmentWrite } from "#app/server/shipments/shipments.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let cookie: string;

beforeAll(async () => {
  services = await createTestServices({ SITE_URL: "https://unitrans.example" });
  ({ cookie } = await signInStaff({ ...services, email: "docs@example.com" }));
});
afterAll(() => services.close());

const context = (): RouterContextProvider => createTestContext(services);

function request(
  path: string,
  { form, signedIn = true }: { form?: [string, string][]; signedIn?: boolean } = {},
) {
  return new Request(`http://localhost${path}`, {
    method: form ? "POST" : "GET",
    headers: signedIn ? { cookie } : {},
    body: form ? new URLSearchParams(form) : undefined,
  });
}

let serial = 0;
async function shipment(overrides: Partial<ShipmentWrite> = {}) {
  serial++;
  return createShipment({
    db: services.db,
    input: {
      trackingNumber: `UTG-7000-${String(serial).padStart(4, "0")}`,
      status: "Pending",
      originLocation: "Monrovia, Liberia",
      destinationLocation: "Accra, Ghana",
      currentLocation: null,
      estimatedDelivery: new Date("2030-01-01T00:00:00Z"),
      weight: 10,
      dimensions: "1 x 1 x 1 m",
      notes: null,
      shipperId: null,
      consigneeId: null,
      ...overrides,
    },
  });
}

async function call<T>(
  fn: (args: never) => T,
  path: string,
  params: Record<string, string> = {},
  form?: [string, string][],
  signedIn = true,
) {
  try {
    return (await fn({
      request: request(path, { form, signedIn }),
      context: context(),
      params,
    } as never)) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    const init = (error as { init?: { status?: number } }).init;
    if (init?.status) return new Response(null, { status: init.status });
    throw error;
  }
}

/** The toast the redirect carries (see app/server/platform/toast.server.ts): its description. */
const toastOf = (response: Response): string => {
  const value = /toast=([^;]*)/.exec(response.headers.get("Set-Cookie") ?? "")?.[1] ?? "";
  return (
    (JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as { description?: string }).description ??
    ""
  );
};

describe("who gets a document", () => {
  it("sends someone not signed in to the login page, for every document", async () => {
    const row = await shipment();
    for (const [fn, path] of [
      [labelLoader, `/admin/shipments/${row.id}/label.pdf`],
      [waybillLoader, `/admin/shipments/${row.id}/waybill.pdf`],
      [deliveryNoteLoader, `/admin/shipments/${row.id}/delivery-note.pdf`],
    ] as const) {
      const response = await call(fn, path, { id: row.id }, undefined, false);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/admin-login\?redirectTo=/);
      expect(response.headers.get("Content-Type")).not.toBe("application/pdf");
    }
    const bulk = await call(bulkAction, "/admin/shipments/labels.pdf", {}, [["id", row.id]], false);
    expect(bulk.status).toBe(302);
    expect(bulk.headers.get("Location")).toMatch(/^\/admin-login/);
  });

  it("answers 404 for a shipment that does not exist", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect((await call(waybillLoader, `/admin/shipments/${id}/waybill.pdf`, { id })).status).toBe(404);
      expect((await call(labelLoader, `/admin/shipments/${id}/label.pdf`, { id })).status).toBe(404);
    }
  });
});

describe("the documents", () => {
  it("sends each PDF to staff with its type, a file name after the tracking number, and no caching", async () => {
    const row = await shipment({ pieces: 2, transportMode: "road" });
    for (const [fn, path, name] of [
      [labelLoader, `/admin/shipments/${row.id}/label.pdf?size=4x6`, `${row.trackingNumber}-label.pdf`],
      [waybillLoader, `/admin/shipments/${row.id}/waybill.pdf`, `${row.trackingNumber}-waybill.pdf`],
      [
        deliveryNoteLoader,
        `/admin/shipments/${row.id}/delivery-note.pdf`,
        `${row.trackingNumber}-delivery-note.pdf`,
      ],
    ] as const) {
      const response = await call(fn, path, { id: row.id });
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("Content-Disposition")).toBe(`inline; filename="${name}"`);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const pdf = Buffer.from(await response.arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    }
  });

  it("prints a label per piece whose QR opens SITE_URL's tracking page, in A6 when asked", async () => {
    const row = await shipment({ pieces: 3 });
    const response = await call(labelLoader, `/admin/shipments/${row.id}/label.pdf?size=a6`, { id: row.id });
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(await pdfInfo(pdf)).toMatchObject({ pages: 3, width: 297.64 });
    const [codes] = await decodePages(pdf, { dpi: 200 });
    expect(codes).toContainEqual({
      type: "QR-Code",
      data: `https://unitrans.example/track/${row.trackingNumber}`,
    });
  });

  it("refuses an unknown label size", async () => {
    const row = await shipment();
    const response = await call(labelLoader, `/admin/shipments/${row.id}/label.pdf?size=letter`, {
      id: row.id,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Choose a label size: 4x6 or a6.");
  });

  it("prints more than 100 pieces only in runs of 100, and says so", async () => {
    const row = await shipment({ pieces: 250 });
    const whole = await call(labelLoader, `/admin/shipments/${row.id}/label.pdf`, { id: row.id });
    expect(whole.status).toBe(400);
    expect(await whole.text()).toBe(
      "This shipment has 250 pieces; one label run prints at most 100. Print its labels in runs from the shipment's Documents card: 1–100, 101–200, 201–250.",
    );
    const last = await call(labelLoader, `/admin/shipments/${row.id}/label.pdf?from=201`, { id: row.id });
    expect(last.status).toBe(200);
    expect(last.headers.get("Content-Disposition")).toBe(
      `inline; filename="${row.trackingNumber}-label-201-250.pdf"`,
    );
    const pdf = Buffer.from(await last.arrayBuffer());
    expect((await pdfInfo(pdf)).pages).toBe(50);
    expect((await pdfPagesText(pdf))[0]).toContain("201 of 250");
    const odd = await call(labelLoader, `/admin/shipments/${row.id}/label.pdf?from=150`, { id: row.id });
    expect(odd.status).toBe(400);
  });

  it("prints the waybill terms of Settings → Documents", async () => {
    await updateDocumentSettings({
      db: services.db,
      settings: { waybillTerms: "Carriage on our terms, no. 7." },
    });
    const row = await shipment();
    const response = await call(waybillLoader, `/admin/shipments/${row.id}/waybill.pdf`, { id: row.id });
    const [text] = await pdfPagesText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain("Carriage on our terms, no. 7.");
  });
});

describe("bulk labels", () => {
  it("prints the selected shipments' labels in one PDF, in the order selected", async () => {
    const a = await shipment({ pieces: 2 });
    const b = await shipment();
    const response = await call(bulkAction, "/admin/shipments/labels.pdf", {}, [
      ["id", b.id],
      ["id", a.id],
      ["id", b.id],
      ["size", "4x6"],
      ["returnTo", "/admin/shipments?q=x"],
    ]);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const pdf = Buffer.from(await response.arrayBuffer());
    const pages = await pdfPagesText(pdf);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain(b.trackingNumber);
    expect(pages[1]).toContain(a.trackingNumber);
    expect(pages[2]).toContain("2 of 2");
  });

  it("goes back to the list with the reason when nothing is selected, an id is bad, or a limit is passed", async () => {
    const cases: Array<[[string, string][], string]> = [
      [[["returnTo", "/admin/shipments?page=2"]], "Select at least one shipment to print labels for."],
      [[["id", "1 or 1=1"]], "Some selected shipments do not exist."],
      [
        [
          ["id", (await shipment()).id],
          ["size", "letter"],
        ],
        "Choose a label size: 4×6 in or A6.",
      ],
    ];
    const big = await shipment({ pieces: 101 });
    cases.push([
      [["id", big.id]],
      `${big.trackingNumber} has 101 pieces: more than 100 labels per run. Print its labels in runs from its own page.`,
    ]);
    const many = await Promise.all(Array.from({ length: 6 }, () => shipment({ pieces: 100 })));
    cases.push([
      many.map((s) => ["id", s.id] as [string, string]),
      "The selection needs 600 labels; one PDF holds at most 500. Select fewer shipments.",
    ]);
    cases.push([[["id", "00000000-0000-4000-8000-000000000000"]], "The selected shipments no longer exist."]);

    for (const [form, message] of cases) {
      const response = await call(bulkAction, "/admin/shipments/labels.pdf", {}, form);
      expect(response.status).toBe(302);
      expect(response.headers.get("Content-Type")).not.toBe("application/pdf");
      expect(toastOf(response)).toBe(message);
    }
  });

  it("keeps the list's own address to come back to, and nothing else", async () => {
    const to = async (returnTo: string) =>
      (await call(bulkAction, "/admin/shipments/labels.pdf", {}, [["returnTo", returnTo]])).headers.get(
        "Location",
      );
    expect(await to("/admin/shipments?q=abc&page=2")).toBe("/admin/shipments?q=abc&page=2");
    expect(await to("https://evil.example/")).toBe("/admin/shipments");
    expect(await to("//evil.example/admin/shipments")).toBe("/admin/shipments");
    expect(await to("/admin/shipments/../settings")).toBe("/admin/shipments");
  });

  it("has nothing to show when opened", async () => {
    const response = await call(bulkLoader, "/admin/shipments/labels.pdf");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/shipments");
  });
});
