import { type APIRequestContext, expect, type Locator } from "@playwright/test";

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

export const unique = (label: string) =>
  `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export type Quote = { firstName: string; lastName: string; email: string };

/** A quote request as a visitor's browser posts it (the public form, without JavaScript). */
export async function submitQuote(
  request: APIRequestContext,
  baseURL: string,
  label = "Quote",
): Promise<Quote> {
  const firstName = unique(label);
  const quote = { firstName, lastName: "Flomo", email: `${firstName.toLowerCase()}@example.com` };
  const body = new URLSearchParams({
    intent: "quote",
    ...quote,
    cityDeparture: "Monrovia",
    deliveryCity: "Accra",
    parcelType: "Pallets",
    weight: "2 tons",
    specialInfo: "Fragile <b>glass</b>\nKeep dry",
  });
  body.append("freightTypes", "sea");
  body.append("freightTypes", "road");
  const response = await request.post("/contact", {
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL },
    data: body.toString(),
  });
  expect(response.status()).toBe(200);
  return quote;
}

export type Message = { name: string; email: string; subject: string };

export async function submitMessage(
  request: APIRequestContext,
  baseURL: string,
  label = "Msg",
): Promise<Message> {
  const first = unique(label);
  const message = {
    name: `${first} Kollie`,
    email: `${first.toLowerCase()}@example.com`,
    subject: "Shipping a car & a bike",
  };
  const response = await request.post("/contact", {
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL },
    data: new URLSearchParams({
      intent: "contact",
      ...message,
      message: "Hello,\nI would like to ship a car.\n<script>alert(1)</script>",
    }).toString(),
  });
  expect(response.status()).toBe(200);
  return message;
}
