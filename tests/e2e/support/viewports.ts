import { devices } from "@playwright/test";

/**
 * The two sizes the screens are tested at: a 390×844 touch phone and a 1366×768 desktop. Each flow runs at
 * one of them (the desktop, or the phone where the spec is about the phone); what only the other size shows (a
 * phone's width, its first screen, its cards) is a small test of its own at that size. Tests that check something
 * whose answer depends on the size loop over BOTH_SIZES:
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
