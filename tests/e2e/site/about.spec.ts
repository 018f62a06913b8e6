import { expect, test } from "../support/fixtures.ts";

test.describe("about page", () => {
  test("shows mission, vision, the timeline and the team", async ({ page, checkA11y }) => {
    await page.goto("/about");
    await expect(page).toHaveTitle(/About Us/);
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Our Mission" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Our Vision" })).toBeVisible();

    const timeline = page.getByRole("list", { name: "Our Journey" });
    const entries = timeline.getByRole("listitem");
    await expect(entries).toHaveCount(7);
    const years = await timeline.locator("time").allTextContents();
    expect(years).toHaveLength(7);
    expect(years[0]).toBe("2010");
    expect(years.at(-1)).toBe("2025");
    expect(years.map(Number)).toEqual([...years.map(Number)].sort((a, b) => a - b));
    await expect(entries.first()).toContainText(/founded/i);

    const team = page.getByRole("region", { name: "Meet The Team" });
    await expect(team.getByRole("heading", { level: 3 })).toHaveCount(4);
    for (const role of ["CEO & Founder", "Operations Director", "Head of Sales", "Technology Officer"]) {
      await expect(team.getByText(role, { exact: true })).toBeVisible();
    }
    await checkA11y();
  });

  test("the video modal opens and closes with the keyboard and shows placeholder text", async ({
    page,
    checkA11y,
  }) => {
    await page.goto("/about");
    const play = page.getByRole("button", { name: "Play our story video" });
    const dialog = page.getByRole("dialog", { name: "Our Story" });
    // Retry until hydration has attached the handlers.
    await expect(async () => {
      await play.focus();
      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(
      dialog.getByText("Video coming soon. Our company story video will be shown here."),
    ).toBeVisible();
    await expect(dialog.locator("video, iframe")).toHaveCount(0);
    await checkA11y();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(play).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    const close = dialog.getByRole("button", { name: "Close" });
    await close.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(play).toBeFocused();
  });
});
