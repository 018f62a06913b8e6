import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { BulkStatusPage } from "#app/components/admin/shipments/bulk-status-page.tsx";
import { COMMON_STATUSES } from "#app/schemas/shipment-status.ts";

// The bulk status update offers the usual statuses as the single update does: its Status field names the list,
// and the page has it, so a clerk picks 'In Transit' (which French customers read in French) instead of typing.

function Page() {
  return (
    <BulkStatusPage
      view={{
        mode: "selected",
        carry: [["ids", "x"]],
        back: "/admin/shipments",
        count: 1,
        sample: ["UTG-1234-5678"],
        key: "k",
        timeZone: "Africa/Monrovia",
        now: "2026-12-07T12:00",
        max: 500,
        maxListed: 200,
      }}
      actionData={undefined}
    />
  );
}

describe("the bulk status update", () => {
  it("offers the usual statuses in the list its Status field names", () => {
    const Stub = createRoutesStub([{ path: "/", Component: Page }]);
    const html = renderToString(<Stub initialEntries={["/"]} />);
    const list =
      /<input[^>]*name="status"[^>]*list="([^"]+)"|<input[^>]*list="([^"]+)"[^>]*name="status"/.exec(html);
    const id = list?.[1] ?? list?.[2];
    expect(id).toBeTruthy();
    const datalist = new RegExp(`<datalist id="${id}">(.*?)</datalist>`).exec(html)?.[1] ?? "";
    expect([...datalist.matchAll(/value="([^"]+)"/g)].map((match) => match[1])).toEqual(COMMON_STATUSES);
  });
});
