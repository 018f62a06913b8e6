import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { readOutbox, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

// A consignee in Abidjan, written to in French (the language guessed from the Ivorian phone the clerk typed on
// his record), is told of the delivery in French and opens the delivery note from the e-mail's link on his
// phone: the French note, at its French address, never the English one (decision 030). The clerk records the
// delivery without JavaScript, as proof-of-delivery.spec.ts does.

const run = promisify(execFile);

test.use({ ...DESKTOP.use, signedIn: true });

test("a French consignee's delivery e-mail opens the French delivery note", async ({
  page: clerk,
  browser,
}) => {
  test.slow();
  const number = `UTG-${Date.now().toString().slice(-4)}-${Math.floor(1000 + Math.random() * 9000)}`;
  const email = `koffi-${Date.now()}@example.com`;

  await clerk.goto("/admin/shipments/new");
  await waitForHydration(clerk.getByRole("button", { name: "Create Shipment" }));
  await clerk.getByLabel("Tracking Number").fill(number);
  await clerk.getByLabel("Status", { exact: true }).fill("Arrived");
  await clerk.getByLabel("Origin").fill("Monrovia, Liberia");
  await clerk.getByLabel("Destination").fill("Abidjan, Côte d'Ivoire");
  await clerk.getByLabel("Estimated Delivery").fill("2030-05-01");
  await clerk.getByLabel("Dimensions").fill("120 x 80 x 60");
  await clerk.getByRole("button", { name: "Add New Consignee" }).click();
  const dialog = clerk.getByRole("dialog", { name: "Add New Consignee" });
  await dialog.getByLabel("Name").fill("Koffi Kouassi");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Phone").fill("+225 07 07 12 34 56");
  await dialog.getByRole("button", { name: "Add Consignee" }).click();
  await expect(clerk.getByText("Consignee created successfully")).toBeVisible();
  await clerk.getByRole("button", { name: "Create Shipment" }).click();
  await expect(clerk.getByRole("heading", { level: 1, name: `Shipment ${number}` })).toBeVisible();

  // The delivery, recorded without JavaScript with the receiver's typed name.
  const plainContext = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await clerk.context().storageState(),
  });
  const plain = await plainContext.newPage();
  await plain.goto(new URL(clerk.url()).pathname);
  await plain.getByRole("link", { name: "Record delivery" }).click();
  await plain.getByLabel("Receiver's name").fill("Koffi Kouassi");
  await plain.getByRole("button", { name: "Save delivery" }).click();
  await expect(plain.getByRole("heading", { level: 1, name: `Shipment ${number}` })).toBeVisible();
  await plainContext.close();

  // The French e-mail links to the French note.
  const delivered = () => readOutbox(email).find((mail) => /bon-de-livraison|delivery-note/.test(mail.text));
  await expect
    .poll(
      () =>
        delivered()?.text ??
        readOutbox(email)
          .map((mail) => mail.subject)
          .join(" | "),
      { timeout: 60_000 },
    )
    .toMatch(/\/fr\/bon-de-livraison\//);
  expect(delivered()!.text).not.toMatch(/\/delivery-note\//);
  const notePath = /https?:\/\/\S+(\/fr\/bon-de-livraison\/[\w-]+)/.exec(delivered()!.text)![1]!;

  // Koffi opens it on his phone: a French PDF.
  const koffi = await browser.newContext({ ...PHONE.use, locale: "fr-FR" });
  const phone = await koffi.newPage();
  const note = await phone.request.get(new URL(notePath, clerk.url()).toString());
  expect(note.status()).toBe(200);
  expect(note.headers()["content-type"]).toBe("application/pdf");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "fr-note-")), "note.pdf");
  fs.writeFileSync(file, await note.body());
  const { stdout } = await run("pdftotext", ["-enc", "UTF-8", file, "-"]);
  expect(stdout).toMatch(/BON DE LIVRAISON/);
  expect(stdout).not.toMatch(/DELIVERY NOTE/);
  await koffi.close();
});
