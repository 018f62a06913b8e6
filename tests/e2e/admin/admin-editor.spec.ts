import type { Locator, Page } from "@playwright/test";
import { waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { DESKTOP } from "../support/viewports.ts";

// A defect found on review: the rich-text editor saved a bulleted list started from a paragraph as
// `<p><ul>…</ul><p>…</p></p>`, let a list land inside an `<h2>`, and fast typing with Ctrl+B interleaved text.

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const editor = (page: Page) => page.getByRole("textbox", { name: "Content" });

/**
 * Every badly nested element, as a path ('P > UL'): a block inside a paragraph, a heading or inline text,
 * anything but items in a list, an item outside a list, a link in a link, an empty paragraph or heading. Runs
 * in the page, on an element's DOM as it is (the editor's live DOM, a page's), or on HTML as the browser reads it;
 * HTML that reading changes (the parser had to repair it, as it does `<p><ul>`) is a problem too.
 */
function nestingProblems(target: Element | string): string[] {
  const problems: string[] = [];
  let root: Element;
  if (typeof target === "string") {
    root = new DOMParser().parseFromString(`<!doctype html><body>${target}`, "text/html").body;
    if (root.innerHTML !== target) problems.push(`read back as ${root.innerHTML}`);
  } else {
    root = target;
  }
  const phrasingOnly = new Set(["P", "H1", "H2", "H3", "H4", "H5", "H6", "PRE"]);
  const inline = new Set(
    "A ABBR B BR CODE DEL EM I IMG INS KBD MARK S SMALL STRONG SUB SUP U SPAN".split(" "),
  );
  const walk = (node: Element, path: string[]) => {
    for (const child of Array.from(node.childNodes)) {
      const parent = path.at(-1) ?? "";
      if (child.nodeType === Node.TEXT_NODE) {
        if ((parent === "UL" || parent === "OL") && child.textContent?.trim())
          problems.push(`${path.join(" > ")} > text`);
        continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      const tag = (child as Element).tagName;
      const here = [...path, tag];
      if (!inline.has(tag) && path.some((p) => phrasingOnly.has(p) || inline.has(p)))
        problems.push(here.join(" > "));
      if ((parent === "UL" || parent === "OL") && tag !== "LI") problems.push(here.join(" > "));
      if (tag === "LI" && parent !== "UL" && parent !== "OL") problems.push(here.join(" > "));
      if (tag === "A" && path.includes("A")) problems.push(here.join(" > "));
      if ((tag === "P" || /^H\d$/.test(tag)) && child.childNodes.length === 0)
        problems.push(`${here.join(" > ")} (empty)`);
      walk(child as Element, here);
    }
  };
  walk(root, []);
  return problems;
}

/** The words of an element's text in order, one space apart. */
async function wordsOf(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, with blocks apart
  return (await locator.innerText()).replace(/\s+/g, " ").trim();
}

const EXPECTED_WORDS =
  "Shipping this week Air freight by plane Sea freight Customs checklist Bill of lading Rates are steady now.";

test.describe(DESKTOP.name, () => {
  test.use({ ...DESKTOP.use, signedIn: true });

  test("fast typing, a list from a paragraph, a list in a heading and Ctrl+B give well-nested HTML in order", async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    const id = uid();
    const title = `Editor Nesting ${id}`;
    const slug = `editor-nesting-${id}`;
    await page.goto("/admin/cms/blog/new");
    await expect(page.getByRole("heading", { level: 1, name: "Create New Blog Post" })).toBeVisible();
    await waitForHydration(page.getByRole("button", { name: "Create Post" }));
    await page.getByLabel("Title").fill(title);
    await expect(page.getByLabel("Slug")).toHaveValue(slug);

    const fast = { delay: 0 };
    await editor(page).click();
    await page.keyboard.type("Shipping this week", fast);
    await page.keyboard.press("Enter");
    // A bulleted list started from a paragraph, typing on straight away.
    await page.keyboard.type("Air freight", fast);
    await page.getByRole("button", { name: "Bulleted list" }).click();
    await page.keyboard.type(" by plane", fast);
    await page.keyboard.press("Enter");
    await page.keyboard.type("Sea freight", fast);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    // A heading, then a list tried inside it.
    await page.keyboard.type("Customs checklist", fast);
    await page.getByRole("button", { name: "Heading 2" }).click();
    await page.keyboard.press("Enter");
    await page.keyboard.type("Bill of lading", fast);
    await page.keyboard.press("ArrowUp");
    await page.getByRole("button", { name: "Bulleted list" }).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Paragraph" }).click();
    // Bold toggled mid-typing.
    await page.keyboard.type("Rates are ", fast);
    await page.keyboard.press("ControlOrMeta+b");
    await page.keyboard.type("steady", fast);
    await page.keyboard.press("ControlOrMeta+b");
    await page.keyboard.type(" now.", fast);

    // What the author sees is well nested, with the text in the order typed.
    expect(await editor(page).evaluate(nestingProblems)).toEqual([]);
    expect(await wordsOf(editor(page))).toBe(EXPECTED_WORDS);
    await expect(editor(page).locator("strong, b")).toHaveText("steady");
    await checkA11y();

    // What the form posts is well nested, and the browser reads it back unchanged.
    await page.getByRole("button", { name: "Edit HTML source" }).click();
    const posted = await page.getByRole("textbox", { name: "Content" }).inputValue();
    expect(await page.evaluate(nestingProblems, posted), posted).toEqual([]);
    await page.getByRole("button", { name: "Edit HTML source" }).click();

    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByText("Blog post created successfully")).toBeVisible();

    // Stored: the editor opens it well nested.
    await page
      .getByRole("row")
      .filter({ hasText: title })
      .getByRole("link", { name: `Edit ${title}` })
      .click();
    await waitForHydration(page.getByRole("button", { name: "Update Post" }));
    await page.getByRole("button", { name: "Edit HTML source" }).click();
    const stored = await page.getByRole("textbox", { name: "Content" }).inputValue();
    expect(await page.evaluate(nestingProblems, stored), stored).toEqual([]);

    // Public: the reader's page shows the same, in order.
    await page.goto(`/blog/${slug}`);
    const content = page.getByText("Shipping this week", { exact: true }).locator("..");
    expect(await content.evaluate(nestingProblems)).toEqual([]);
    expect(await wordsOf(content)).toBe(EXPECTED_WORDS);
    // (The heading turned into a list joins the list before it, which is fine: what matters is where text goes.)
    await expect(content.getByRole("listitem").first()).toHaveText("Air freight by plane");
    await expect(content.getByRole("listitem").nth(1)).toHaveText("Sea freight");
    await expect(content.locator("strong, b")).toHaveText("steady");
    await checkA11y();

    // Deleted again: other specs count the public posts.
    await page.goto("/admin/blog");
    const row = page.getByRole("row").filter({ hasText: title });
    await waitForHydration(row.getByRole("button", { name: `Delete ${title}` }));
    await row.getByRole("button", { name: `Delete ${title}` }).click();
    await page
      .getByRole("alertdialog", { name: "Are you sure?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByText("Blog post deleted successfully")).toBeVisible();
  });
});
