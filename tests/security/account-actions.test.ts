// Every action of the customer account (decision 029), found in app/routes.ts, signed in as a customer × the
// payload corpus: hostile values in the strict fields and malformed bodies are refused with nothing changed;
// hostile text in the free-text fields is refused or stored exactly as typed.
import { attack, check, connect } from "./harness.ts";
import { attributed, refuseAll, storeOrRefuseAll } from "./posting.ts";
import { actionTargets } from "./targets.ts";

const app = connect();
const accountTargets = actionTargets(app.f).targets.filter((t) => t.session === "customer");

attack(
  "account actions × corpus (signed in as a customer): invalid input refused, nothing changed",
  async () => {
    const requests = await refuseAll(app, accountTargets);
    const routes = new Set(accountTargets.map((t) => t.routeId));
    return `${routes.size} routes, ${accountTargets.length} intents, ${requests} posts`;
  },
);

attack("account actions × corpus: hostile text stored as typed or refused", async () => {
  const list = accountTargets.filter((t) => t.text.length > 0 && t.known);
  const { stored, refused } = await storeOrRefuseAll(app, list);
  return `${list.length} intents, ${attributed(stored, refused)}`;
});

attack("account pages without a customer session: sent to sign in, no data", async () => {
  const pages = ["/account/shipments", "/account/quotes", "/account/invoices", "/account/preferences"];
  for (const page of pages) {
    for (const cookie of [
      null,
      app.adminCookie(),
      "customer_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    ]) {
      const sent = await app.client.send(page, { cookie });
      check(
        sent.status === 302 && sent.headers.get("location")?.startsWith("/account?redirectTo="),
        `${page} with ${cookie ? cookie.split("=")[0] : "no cookie"}: ${sent.status}, not sent to sign in`,
      );
    }
    const own = await app.client.send(page, { cookie: app.customerCookie() });
    check(own.status === 200, `${page} with the customer's session: ${own.status}`);
  }
  return `${pages.length} pages × 3 cookies`;
});
