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
    expect(loggedUrl(`/admin-reset-password?token=${token}`)).toBe("/admin-reset-password?token=[token]");
    expect(loggedUrl(`/admin-reset-password?a=1&TOKEN=${token}#x`)).toBe(
      "/admin-reset-password?a=1&TOKEN=[token]#x",
    );
    // The same links at their French addresses (decision 030).
    expect(loggedUrl(`/fr/devis/${token}/pdf`)).toBe("/fr/devis/[token]/pdf");
    expect(loggedUrl(`/fr/facture/${token}/payer`)).toBe("/fr/facture/[token]/payer");
    expect(loggedUrl(`/fr/desabonnement/${token}`)).toBe("/fr/desabonnement/[token]");
    expect(loggedUrl(`/fr/abonnement/${token}.data`)).toBe("/fr/abonnement/[token]");
    expect(loggedUrl(`/fr/bon-de-livraison/${token}`)).toBe("/fr/bon-de-livraison/[token]");
    expect(loggedUrl(`https://freight.example/fr/compte/connexion/${token}`)).toBe(
      "https://freight.example/fr/compte/connexion/[token]",
    );
    // A customer's own quote page is no secret link.
    expect(loggedUrl("/fr/compte/devis/7")).toBe("/fr/compte/devis/7");
    expect(loggedUrl("/account/shipments")).toBe("/account/shipments");
    expect(loggedUrl("/track/UTG-1234-5678")).toBe("/track/UTG-1234-5678");
    expect(loggedUrl("/admin/quote-requests/1/quote")).toBe("/admin/quote-requests/1/quote");
  });
});
