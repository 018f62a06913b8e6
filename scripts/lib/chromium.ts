// How the tests and benchmarks start Chromium (Playwright's launch options), and the public pages they
// measure. One list, so the page-weight benchmark and the budget test look at the same pages.
import fs from "node:fs";
import { localizePath } from "../../app/lib/i18n/paths.ts";

/**
 * The browser the tests drive: CHROMIUM_PATH, else Chromium's old headless shell (Debian's
 * chromium-headless-shell, the build Playwright itself prefers for headless runs), else the full browser.
 * Measured on five browser specs (42 tests): 142 s of CPU with the shell, 179 s with the full browser.
 * Lighthouse (bench/lighthouse.ts) keeps the full browser, the one a visitor has.
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const shell = "/usr/bin/chromium-headless-shell";
  return fs.existsSync(shell) ? shell : "/usr/bin/chromium";
}

export const chromiumLaunchOptions = {
  executablePath: chromiumPath(),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
  ],
};

/** Every public page (one service detail, one demo blog post and one demo shipment stand for their kind). */
const ENGLISH_PUBLIC_PAGES = [
  "/",
  "/about",
  "/services",
  "/services/air-freight",
  "/services/road-transport",
  "/contact",
  "/blog",
  "/blog/navigating-customs-clearance-in-west-africa",
  "/track",
  "/track/UTG-1234-5678",
  "/track/UTG-1234-5678/updates",
  "/track/UTG-1234-5678/details",
  "/privacy-policy",
  "/terms-of-service",
];

/**
 * Every public page in English and in French (decision 030). A French post has a slug of its own, so the English
 * demo post has no French address; the French blog's list stands for its kind.
 */
export const PUBLIC_PAGES = [
  ...ENGLISH_PUBLIC_PAGES,
  ...ENGLISH_PUBLIC_PAGES.filter((path) => !path.startsWith("/blog/")).map((path) =>
    localizePath(path, "fr"),
  ),
];
