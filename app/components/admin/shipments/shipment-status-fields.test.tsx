import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StatusFields } from "#app/components/admin/shipments/shipment-status-fields.tsx";

describe("a status update's fields", () => {
  it("say under Notes that customers see them on the tracking page, read with the field", () => {
    const html = renderToString(<StatusFields idPrefix="new-status" timeZone="Africa/Monrovia" />);
    expect(html).toContain(
      '<p id="new-status-notes-hint" class="mt-1 text-xs text-slate-600">Customers see these notes on the tracking page.</p>',
    );
    expect(html).toMatch(/<textarea[^>]*aria-describedby="new-status-notes-hint"/);
    // With a message, the field is described by both.
    const refused = renderToString(
      <StatusFields
        idPrefix="s"
        timeZone="Africa/Monrovia"
        errors={{ notes: ["Notes must be at most 2000 characters."] }}
      />,
    );
    expect(refused).toMatch(/<textarea[^>]*aria-describedby="s-notes-hint s-notes-error"/);
  });
});
