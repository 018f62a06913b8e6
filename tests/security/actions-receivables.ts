// Action specs of the security suite: what is owed (decision 028). 'E-mail statement' on a customer's
// statement (the fixture shipper, who has no e-mail address: a valid post is refused with the reason, and
// nothing is ever queued); a hostile intent or submission key is refused before anything is read.
import type { Spec } from "./action-kit.ts";

export function receivablesActions(): Record<string, Spec[]> {
  return {
    "routes/admin/statements.$kind.$party-id": [
      {
        name: "e-mail statement",
        fields: () => [
          ["intent", "email"],
          ["submissionKey", crypto.randomUUID()],
        ],
        strict: ["intent", "submissionKey"],
        text: [],
      },
    ],
  };
}
