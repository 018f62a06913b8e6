import type { Page } from "@playwright/test";
import { reloadWithoutToasts, waitForHydration, waitForToastsToClose } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

test.use({ signedIn: true });

/** A word no other test uses (tests run side by side on one server). */
function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
}

/** Toasts pause while the pointer rests on them; axe checks run once they are gone. */
async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await waitForToastsToClose(page);
}

async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Creates a party through the address book's form; ends on its page. */
async function createParty(
  page: Page,
  role: "Shipper" | "Consignee",
  party: { name: string; company: string; email?: string; phone?: string },
) {
  await page.goto(`/admin/parties?role=${role.toLowerCase()}`);
  await page.getByRole("link", { name: `Add ${role}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New Contact" })).toBeVisible();
  await expect(page.getByRole("radio", { name: role })).toBeChecked();
  const form = page.getByRole("form", { name: "Contact details" });
  await waitForHydration(form.getByRole("button", { name: "Add Contact" }));
  await form.getByLabel("Name").fill(party.name);
  await form.getByLabel("Company").fill(party.company);
  if (party.email) await form.getByLabel("Email").fill(party.email);
  if (party.phone) await form.getByLabel("Phone").fill(party.phone);
  await form.getByRole("button", { name: "Add Contact" }).click();
  await expect(page.getByRole("heading", { level: 1, name: party.name })).toBeVisible();
  await expect(page.getByText(`${role} created successfully`)).toBeVisible();
}

/** Creates a shipment with the named shipper and consignee picked from the form's lists; ends on its page. */
async function createShipment(page: Page, trackingNumber: string, shipper: string, consignee: string) {
  await page.goto("/admin/shipments/new");
  await waitForHydration(page.getByRole("button", { name: "Create Shipment" }));
  await page.getByLabel("Tracking Number").fill(trackingNumber);
  await page.getByLabel("Status", { exact: true }).fill("In Transit");
  await page.getByLabel("Origin").fill("Lagos, Nigeria");
  await page.getByLabel("Destination").fill("Monrovia, Liberia");
  await page.getByLabel("Estimated Delivery").fill("2030-06-01");
  await page.getByLabel("Dimensions").fill("100 x 50 x 50");
  await page.getByLabel("Shipper", { exact: true }).selectOption({ label: shipper });
  await page.getByLabel("Consignee", { exact: true }).selectOption({ label: consignee });
  await page.getByRole("button", { name: "Create Shipment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Shipment ${trackingNumber}` })).toBeVisible();
}

test.describe(DESKTOP.name, () => {
  test.use(DESKTOP.use);

  test("the address book lists, searches, creates, edits and deletes shippers and consignees", async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    const tag = uniqueTag();
    const name = `Chidi Okafor ${tag}`;
    await page.goto("/admin/dashboard");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Address Book" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Address Book" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Shippers" })).toHaveAttribute("aria-current", "page");
    await settle(page);
    await expectNoSidewaysScroll(page);
    await checkA11y();

    // Create: the form's messages first, then a shipper.
    await page.getByRole("link", { name: "Add Shipper" }).click();
    const form = page.getByRole("form", { name: "Contact details" });
    await waitForHydration(form.getByRole("button", { name: "Add Contact" }));
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Email").blur();
    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    await form.getByRole("button", { name: "Add Contact" }).click();
    await expect(form.getByText("Name is required.")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expectNoSidewaysScroll(page);
    await checkA11y();
    await createParty(page, "Shipper", {
      name,
      company: `Okafor Auto Parts ${tag}`,
      email: "chidi@okafor.example",
      phone: "+234 801 555 0142",
    });
    await expect(page.getByText("Not on any shipment as shipper.")).toBeVisible();
    await reloadWithoutToasts(page);
    await expectNoSidewaysScroll(page);
    await checkA11y();

    // Edit.
    const details = page.getByRole("form", { name: "Contact details" });
    await waitForHydration(details.getByRole("button", { name: "Save Shipper" }));
    await details.getByLabel("Company").fill(`Okafor Motors ${tag}`);
    await details.getByRole("button", { name: "Save Shipper" }).click();
    await expect(page.getByText("Shipper updated")).toBeVisible();
    await expect(details.getByLabel("Company")).toHaveValue(`Okafor Motors ${tag}`);

    // Search: by company, by phone digits; not in the consignees' tab.
    await page.getByRole("link", { name: "Back to address book" }).click();
    const search = page.getByRole("searchbox", { name: "Search" });
    await search.fill(`motors ${tag.toLowerCase()}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByRole("status").filter({ hasText: /^1 shipper$/ })).toBeVisible();
    await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
    // One of the table and the stacked cards is shown, by width.
    await expect(page.getByText("chidi@okafor.example").filter({ visible: true })).toHaveCount(1);
    await page.goto("/admin/parties?role=shipper&q=8015550142");
    await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Consignees" }).click();
    await expect(page.getByRole("link", { name: "Consignees" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("searchbox", { name: "Search" }).fill(tag);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No consignees found")).toBeVisible();

    // Delete from the list: the confirmation says what it does.
    await page.goto(`/admin/parties?role=shipper&q=${tag}`);
    const remove = page.getByRole("button", { name: `Delete ${name}` });
    await waitForHydration(remove);
    await remove.click();
    const confirm = page.getByRole("alertdialog", { name: "Delete shipper?" });
    await expect(
      confirm.getByText(`${name} will be permanently removed from the database.`, { exact: false }),
    ).toBeVisible();
    await expect(confirm.getByText(/It is not on any shipment/)).toBeVisible();
    await checkA11y();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Shipper deleted")).toBeVisible();
    await expect(page.getByText("No shippers found")).toBeVisible();
  });

  test("a party's shipments, the shipment search by party, unlinking from a shipment and deleting from the database", async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    const tag = uniqueTag();
    const shipper = `Ngozi Eze ${tag}`;
    const consignee = `Harbour Foods ${tag}`;
    const trackingNumber = `E2E-PTY-${tag}`;
    await createParty(page, "Shipper", { name: shipper, company: `Eze Textiles ${tag}` });
    await createParty(page, "Consignee", { name: consignee, company: `Freeport Stores ${tag}` });
    await createShipment(
      page,
      trackingNumber,
      `${shipper} (Eze Textiles ${tag})`,
      `${consignee} (Freeport Stores ${tag})`,
    );

    // The shipments list finds it by its shipper's company.
    await page.goto("/admin/shipments");
    await page.getByRole("searchbox", { name: "Search" }).fill(`eze textiles ${tag}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("link", { name: trackingNumber, exact: true })).toBeVisible();
    await expect(page.getByText("1 shipment", { exact: true })).toBeVisible();

    // The party's page lists the shipment and links to it.
    await page.goto(`/admin/parties?role=shipper&q=${tag}`);
    await page.getByRole("link", { name: shipper, exact: true }).click();
    await expect(page.getByText("On 1 shipment as shipper.")).toBeVisible();
    await settle(page);
    await expectNoSidewaysScroll(page);
    await checkA11y();
    await page.getByRole("link", { name: trackingNumber, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Shipment ${trackingNumber}` })).toBeVisible();

    // Unlink the shipper from this shipment: it stays in the address book.
    const unlink = page.getByRole("button", { name: "Unlink shipper from this shipment" });
    await waitForHydration(unlink);
    await unlink.click();
    const confirmUnlink = page.getByRole("alertdialog", { name: "Unlink shipper from this shipment?" });
    await expect(confirmUnlink.getByText(/stays in the address book/)).toBeVisible();
    await checkA11y();
    await confirmUnlink.getByRole("button", { name: "Unlink" }).click();
    await expect(page.getByText("Shipper unlinked")).toBeVisible();
    await expect(page.getByText("No shipper information available")).toBeVisible();
    await expect(page.getByRole("link", { name: consignee })).toBeVisible();
    await page.goto(`/admin/parties?role=shipper&q=${tag}`);
    await page.getByRole("link", { name: shipper, exact: true }).click();
    await expect(page.getByText("Not on any shipment as shipper.")).toBeVisible();

    // Delete the consignee from its page: the confirmation names the shipment it leaves.
    await page.goto(`/admin/parties?role=consignee&q=${tag}`);
    await page.getByRole("link", { name: consignee, exact: true }).click();
    await expect(page.getByText("On 1 shipment as consignee.")).toBeVisible();
    const remove = page.getByRole("button", { name: `Delete from database ${consignee}` });
    await waitForHydration(remove);
    await remove.click();
    const confirm = page.getByRole("alertdialog", { name: "Delete consignee?" });
    await expect(
      confirm.getByText(
        `${consignee} will be permanently removed from the database and from the 1 shipment it is on, which will then have no consignee. This action cannot be undone.`,
      ),
    ).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Consignee deleted")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Address Book" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Consignees" })).toHaveAttribute("aria-current", "page");

    await page.goto(`/admin/shipments?q=${encodeURIComponent(trackingNumber)}`);
    await page.getByRole("link", { name: trackingNumber, exact: true }).click();
    await expect(page.getByText("No consignee information available")).toBeVisible();
    await expect(page.getByText("No shipper information available")).toBeVisible();
  });
});

test.describe(PHONE.name, () => {
  test.use(PHONE.use);

  test("on a phone the address book, its form, a contact's page and its shipments fit the screen", async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    const tag = uniqueTag();
    const shipper = `Ama Mensah ${tag}`;
    const consignee = `Kumasi Traders ${tag}`;
    await page.goto("/admin/dashboard");
    // On a phone the sidebar is the 'Menu' drawer.
    const menu = page.getByRole("banner").getByRole("button", { name: "Menu" });
    await waitForHydration(menu);
    await menu.click();
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Address Book" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Address Book" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await checkA11y();

    await page.getByRole("link", { name: "Add Shipper" }).click();
    const form = page.getByRole("form", { name: "Contact details" });
    await waitForHydration(form.getByRole("button", { name: "Add Contact" }));
    await form.getByRole("button", { name: "Add Contact" }).click();
    await expect(form.getByText("Name is required.")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await checkA11y();

    await createParty(page, "Shipper", {
      name: shipper,
      company: `Mensah Cocoa ${tag}`,
      email: "ama@mensah.example",
      phone: "+233 20 555 0199",
    });
    await createParty(page, "Consignee", { name: consignee, company: `Kumasi Stores ${tag}` });
    await createShipment(
      page,
      `E2E-PTYP-${tag}`,
      `${shipper} (Mensah Cocoa ${tag})`,
      `${consignee} (Kumasi Stores ${tag})`,
    );
    // The list shows stacked cards: the e-mail once.
    await page.goto(`/admin/parties?role=shipper&q=${tag}`);
    await expect(page.getByText("ama@mensah.example").filter({ visible: true })).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await page.getByRole("link", { name: shipper, exact: true }).click();
    await expect(page.getByText("On 1 shipment as shipper.")).toBeVisible();
    await reloadWithoutToasts(page);
    await expectNoSidewaysScroll(page);
    await checkA11y();
  });
});
