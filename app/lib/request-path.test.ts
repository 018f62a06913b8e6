import { describe, expect, it } from "vitest";
import { loggedUrl } from "#app/lib/request-path.ts";

describe("loggedUrl", () => {
  it("hides the tokens of secret links, in paths and full URLs", () => {
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde";
    expect(loggedUrl(`/quote/${token}`)).toBe("/quote/[token]");
    expect(loggedUrl(`/quote/${token}.data?_routes=x`)).toBe("/quote/[token]?_routes=x");
    expect(loggedUrl(`/quote/${token}/pdf`)).toBe("/quote/[token]/pdf");
    expect(loggedUrl(`https://freight.example/quote/${token}`)).toBe("https://freight.example/quote/[token]");
    expect(loggedUrl(`/unsubscribe/${token}`)).toBe("/unsubscribe/[token]");
    expect(loggedUrl(`/delivery-note/${token}`)).toBe("/delivery-note/[token]");
    expect(loggedUrl(`/invoice/${token}/pay`)).toBe("/invoice/[token]/pay");
    expect(loggedUrl(`/account/sign-in/${token}`)).toBe("/account/sign-in/[token]");
    expect(loggedUrl("/account/shipments")).toBe("/account/shipments");
    expect(loggedUrl("/track/UTG-1234-5678")).toBe("/track/UTG-1234-5678");
    expect(loggedUrl("/admin/quote-requests/1/quote")).toBe("/admin/quote-requests/1/quote");
  });
});
