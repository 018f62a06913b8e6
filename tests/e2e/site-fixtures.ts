import type { Locator } from "@playwright/test";

/** Fills the public quote request form ('Get a Free Quote' on /contact, or the side form) as Musu Flomo. */
export async function fillQuoteRequest(
  form: Locator,
  {
    email,
    firstName = "Musu",
    deliveryCity = "Accra",
    weight = "2 tons",
    freight = ["Sea Freight"],
    specialInfo,
  }: {
    email: string;
    firstName?: string;
    deliveryCity?: string;
    weight?: string;
    freight?: string[];
    specialInfo?: string;
  },
) {
  await form.getByLabel("First Name").fill(firstName);
  await form.getByLabel("Last Name").fill("Flomo");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("City of Departure").fill("Monrovia");
  await form.getByLabel("Delivery City").fill(deliveryCity);
  await form.getByLabel("Parcel Type").selectOption("Pallets");
  await form.getByLabel("Weight").fill(weight);
  for (const name of freight) await form.getByRole("checkbox", { name }).check();
  if (specialInfo !== undefined) await form.getByLabel(/Special Information/).fill(specialInfo);
}
