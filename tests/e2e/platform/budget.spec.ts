import { gzipSync } from "node:zlib";
import type { Page, Response } from "@playwright/test";
import { PUBLIC_PAGES } from "../../../scripts/lib/chromium.ts";
import { signInAsCustomer } from "../support/account-flow.ts";
import { expect, test } from "../support/fixtures.ts";

const JS_BUDGET_KB = 120;
const CSS_BUDGET_KB = 15;

/**
 * Text only the blog editor's code holds (its hint under the editing surface): a script with it is the editor's.
 * Kept in step with app/components/admin/blog/rich-text-editor.tsx.
 */
const EDITOR_MARKER = "Shortcuts: Ctrl+B bold, Ctrl+I italic, Ctrl+K link.";
/** The most gzipped JavaScript the blog editor may add to its routes. */
const EDITOR_BUDGET_KB = 120;

/**
 * Loads `path` in `page` to network idle, scrolled through so that anything loaded on demand comes too: each script
 * and stylesheet it fetched (path → gzipped size, at the default level), and which scripts hold the blog editor.
 */
async function loadPage(page: Page, path: string) {
  const sizes = { script: new Map<string, number>(), stylesheet: new Map<string, number>() };
  const editorFiles: string[] = [];
  const reads: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    reads.push(
      response
        .body()
        .then((body) => {
          const file = new URL(response.url()).pathname;
          sizes[type].set(file, gzipSync(body).length);
          if (type === "script" && body.toString("utf8").includes(EDITOR_MARKER)) editorFiles.push(file);
        })
        .catch(() => {}),
    );
  };
  page.on("response", onResponse);
  const response = await page.goto(path, { waitUntil: "networkidle" });
  expect(response?.status()).toBe(200);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState("networkidle");
  page.off("response", onResponse);
  await Promise.all(reads);
  return { sizes, editorFiles };
}

test.describe("the blog editor", () => {
  // The back office with the worker's admin session.
  test.use({ signedIn: true });

  test(`adds at most ${EDITOR_BUDGET_KB} kB of gzipped JavaScript to its routes`, async ({ page }) => {
    await page.goto("/admin/dashboard");
    const list = await loadPage(page, "/admin/blog");
    const editor = await loadPage(page, "/admin/cms/blog/new");
    expect(list.editorFiles, "editor code on the blog list").toEqual([]);
    expect(editor.editorFiles.length, "the editor's own code on its route").toBeGreaterThan(0);
    // What the editor route loads beyond the admin blog list (same layout, same shared code).
    const added = [...editor.sizes.script].filter(([file]) => !list.sizes.script.has(file));
    const addedKb = added.reduce((sum, [, size]) => sum + size, 0) / 1024;
    test.info().annotations.push({
      type: "/admin/cms/blog/new adds (gzip)",
      description: `JS ${addedKb.toFixed(1)} kB in ${added.length} files: ${added.map(([file]) => file).join(", ")}`,
    });
    expect(addedKb, "gzipped JavaScript the editor route adds, in kB").toBeLessThanOrEqual(EDITOR_BUDGET_KB);
  });
});

// Every public page, with no exemption. A form's checks and its sent panel load on use, so they
// are not counted here: the forms' own tests use them.
/** Loads `path` in `page` (a fresh browser context: nothing cached) and holds it to the public budget. */
async function expectWithinBudget(page: Page, path: string) {
  // A fresh browser context, so nothing is cached: every file the page needs is fetched and counted.
  const { sizes, editorFiles } = await loadPage(page, path);

  const totalKb = (files: Map<string, number>) =>
    [...files.values()].reduce((sum, size) => sum + size, 0) / 1024;
  // The page carries the site's rules it uses (docs/decisions/023-public-page-weight.md, 033): what the <style>
  // elements hold counts as CSS, with the rest of the stylesheet, one file linked after the first paint.
  const inlineCss = await page.evaluate(() =>
    [...document.querySelectorAll("style")].map((style) => style.textContent ?? "").join(""),
  );
  const jsKb = totalKb(sizes.script);
  const cssKb = totalKb(sizes.stylesheet) + (inlineCss ? gzipSync(inlineCss).length / 1024 : 0);
  test.info().annotations.push({
    type: `${path} (gzip)`,
    description: `JS ${jsKb.toFixed(1)} kB in ${sizes.script.size} files, CSS ${cssKb.toFixed(1)} kB (${sizes.stylesheet.size} files)`,
  });
  expect(sizes.script.size).toBeGreaterThan(0);
  expect(cssKb, "the page's CSS").toBeGreaterThan(1);
  expect(
    [...sizes.stylesheet.keys()].every((file) => file.startsWith("/styles/site.")),
    "stylesheet requests: only the rest of the site's stylesheet",
  ).toBe(true);
  expect(sizes.stylesheet.size, "stylesheet requests: at most the rest").toBeLessThanOrEqual(1);
  expect(jsKb, `gzipped JavaScript of ${path} in kB`).toBeLessThanOrEqual(JS_BUDGET_KB);
  expect(cssKb, `gzipped CSS of ${path} in kB`).toBeLessThanOrEqual(CSS_BUDGET_KB);
  expect(editorFiles, `editor code on ${path}`).toEqual([]);
}

// A visitor (a fresh context, no session) on every public page: within the budget, and no script of the editor.
for (const path of PUBLIC_PAGES) {
  test(`${path} ships at most ${JS_BUDGET_KB} kB of gzipped JavaScript and ${CSS_BUDGET_KB} kB of CSS, none of it the blog editor's`, async ({
    page,
  }) => {
    await expectWithinBudget(page, path);
  });
}

// The customer account (decision 029) is public-site code: its pages, signed in as a customer (a demo consignee, by the
// e-mail on his record), stay within the same budget and load no admin code.
test(`the customer account's pages ship at most ${JS_BUDGET_KB} kB of gzipped JavaScript each`, async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const signIn = await browser.newContext({ baseURL });
  await signInAsCustomer(await signIn.newPage(), "jweah@sinkorclinic.example");
  const state = await signIn.storageState();
  await signIn.close();
  for (const path of [
    "/account/shipments",
    "/account/quotes",
    "/account/invoices",
    "/account/colleagues",
    "/account/preferences",
    // In French too (decision 030): the words come as page data, so the script is the same.
    "/fr/compte/expeditions",
    "/fr/compte/factures",
  ]) {
    const context = await browser.newContext({ baseURL, storageState: state });
    await expectWithinBudget(await context.newPage(), path);
    await context.close();
  }
  const fresh = await browser.newContext({ baseURL });
  await expectWithinBudget(await fresh.newPage(), "/account");
  await fresh.close();
});
