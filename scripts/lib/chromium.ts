// How the tests and benchmarks start Chromium (Playwright's launch options), and the public pages they
// measure. One list, so the page-weight benchmark and the budget test look at the same pages.
import { localizePath } from "../../app/lib/i18n/paths.ts";

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
 * Every public page in English and in French (issue 30). A French post has a slug of its own, so the English
 * demo post has no French address; the French blog's list stands for its kind.
 */
export const PUBLIC_PAGES = [
  ...ENGLISH_PUBLIC_PAGES,
  ...ENGLISH_PUBLIC_PAGES.filter((path) => !path.startsWith("/blog/")).map((path) =>
    localizePath(path, "fr"),
  ),
];
