import { devices } from "@playwright/test";

/**
 * The two sizes issue 14's screens are tested at: a 390×844 touch phone and a 1366×768 desktop. The rest of the
 * suite runs at Playwright's desktop default only, so CI time grows little.
 *
 * Use inside a spec:
 *   for (const size of BOTH_SIZES) {
 *     test.describe(size.name, () => {
 *       test.use(size.use);
 *       test("…", async ({ page }) => { … });
 *     });
 *   }
 */
export const PHONE = {
  name: "phone 390",
  use: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent: devices["Pixel 7"].userAgent,
  },
} as const;

export const DESKTOP = {
  name: "desktop 1366",
  use: { viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false },
} as const;

export const BOTH_SIZES = [PHONE, DESKTOP] as const;
