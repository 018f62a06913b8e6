import { servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { notFound, requireCustomer } from "#app/server/customers/customer-guards.server.ts";
import { listCompanyBilledParties } from "#app/server/customers/customer-invoices.server.ts";
import { getParty } from "#app/server/parties/parties.server.ts";
import { buildStatement, statementPdf } from "#app/server/receivables/receivables-pages.server.ts";
import type { Route } from "./+types/account.statement.pdf";

/**
 * The signed-in customer's statement of account as a PDF (decision 029), built as staff build it: one billed party
 * of the company at a time (`?party=shipper:<id>`; without it the first, by name), for this month so far or the
 * `from`/`to` asked. A party not billed to the company answers 404, like none at all. In the address's
 * language (/fr/compte/statement.pdf: French).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await requireCustomer({ request, context });
  const { db, siteSettings } = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const billed = await listCompanyBilledParties({ db, companyId: customer.companyId });
  const asked = params.get("party");
  const chosen = asked ? billed.find((party) => `${party.kind}:${party.id}` === asked) : billed[0];
  if (!chosen) notFound();
  const party = await getParty({ db, kind: chosen.kind, id: chosen.id });
  if (!party) notFound();
  const { timeZone } = await siteSettings.get();
  const statement = await buildStatement({ db, kind: chosen.kind, party, timeZone, params });
  return statementPdf(context, statement, localeOf(request));
}
