// Every admin action and intent (found in app/routes.ts), signed in, × the payload corpus: hostile values in
// the strict fields and malformed bodies are refused with nothing changed; hostile text in the free-text fields
// is refused or stored exactly as typed.
import { attack, connect } from "./harness.ts";
import { attributed, refuseAll, storeOrRefuseAll } from "./posting.ts";
import { actionTargets } from "./targets.ts";

const app = connect();
const adminTargets = actionTargets(app.f).targets.filter((t) => t.session === true);

attack("admin actions × corpus (signed in): invalid input refused, nothing changed", async () => {
  const requests = await refuseAll(app, adminTargets);
  const routes = new Set(adminTargets.map((t) => t.routeId));
  return `${routes.size} routes, ${adminTargets.length} intents, ${requests} posts`;
});

attack("admin actions × corpus: hostile text stored as typed or refused", async () => {
  const list = adminTargets.filter((t) => t.text.length > 0 && t.known);
  const { stored, refused } = await storeOrRefuseAll(app, list);
  return `${list.length} intents, ${attributed(stored, refused)}`;
});
