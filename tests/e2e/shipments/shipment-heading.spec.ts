import { makeShipments } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { linesTaken } from "../support/lines-taken.ts";
import { BOTH_SIZES } from "../support/viewports.ts";

// At 1366 px the heading broke its tracking number ('UTG-9125-21' over '22'), and at 390 px too: the number
// never breaks; 'Shipment' wraps above it instead.

for (const size of BOTH_SIZES) {
  test.describe(size.name, () => {
    test.use({ ...size.use, signedIn: true });

    test("a shipment's heading never breaks its tracking number", async ({ page }) => {
      test.slow();
      const prefix = `SCR-${Date.now().toString().slice(-6)}-2122`;
      const [trackingNumber] = await makeShipments(page, prefix, 1);
      await page.goto(`/admin/shipments?q=${trackingNumber}`);
      await page.getByRole("link", { name: trackingNumber! }).first().click();
      const heading = page.getByRole("heading", { level: 1, name: `Shipment ${trackingNumber}` });
      await expect(heading).toBeVisible();
      // The number's own text takes one line of the screen.
      const lines = await linesTaken(heading, trackingNumber!);
      expect(lines).toBe(1);
      const box = (await heading.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(size.use.viewport.width);
    });
  });
}
