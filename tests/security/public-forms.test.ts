// Every public form (found in app/routes.ts) × the payload corpus: hostile values in the strict fields and
// malformed bodies are refused with nothing changed; hostile text in the free-text fields is refused or stored
// exactly as typed.
import { attack, connect } from "./harness.ts";
import { attributed, refuseAll, storeOrRefuseAll } from "./posting.ts";
import { actionTargets } from "./targets.ts";

const app = connect();
const publicTargets = actionTargets(app.f).targets.filter((t) => !t.session);

attack("public forms × corpus: invalid input refused, nothing changed", async () => {
  const requests = await refuseAll(app, publicTargets);
  return `${publicTargets.length} forms (${publicTargets.map((t) => t.name).join("; ")}), ${requests} posts`;
});

attack("public forms × corpus: hostile text stored as typed or refused", async () => {
  const list = publicTargets.filter((t) => t.text.length > 0);
  const { stored, refused } = await storeOrRefuseAll(app, list);
  return `${list.length} forms, ${attributed(stored, refused)}`;
});
