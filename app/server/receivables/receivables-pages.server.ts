import { data, type RouterContextProvider } from "react-router";
import { formatCalendarDate } from "#app/lib/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { formatMoney } from "#app/lib/money.ts";
import { companyToday } from "#app/lib/time-zone.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { askedLanguage } from "#app/server/documents/document-language.server.ts";
import { documentContext, pdfResponse } from "#app/server/documents/document-response.server.ts";
import { mailWords, recipientLocale } from "#app/server/i18n/customer-mail.server.ts";
import { mailSignature, queueMail } from "#app/server/messaging/mail.server.ts";
import { getParty, type Party } from "#app/server/parties/parties.server.ts";
import { statementUrl } from "#app/server/parties/party-views.ts";
import { newSubmissionKey, readIntent } from "#app/server/platform/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import {
  type Aged,
  getReceivables,
  RECEIVABLES_PAGE_SIZE,
} from "#app/server/receivables/receivables.server.ts";
import {
  type AgedText,
  type ReceivablesCardData,
  type ReceivablesPageData,
  type StatementPageData,
  statementText,
} from "#app/server/receivables/receivables-views.ts";
import { getStatement } from "#app/server/receivables/statements.server.ts";
import { notFound, requireStaffForm, requireStaffPage } from "#app/server/staff/staff-page.server.ts";

// /admin/receivables, the dashboard's Receivables card, and a customer's statement as a page, a PDF and an
// e-mail (decision 028). Every loader and action checks the session and role first (requireStaffPage:
// Administrators and Accounts, app/lib/roles.ts).

type Ctx = Readonly<RouterContextProvider>;

const agedText = (row: Aged, currency: string): AgedText => ({
  total: formatMoney(row.totalMinor, currency),
  current: formatMoney(row.current, currency),
  days1to30: formatMoney(row.days1to30, currency),
  days31to60: formatMoney(row.days31to60, currency),
  days61to90: formatMoney(row.days61to90, currency),
  over90: formatMoney(row.over90, currency),
});

const credit = (minor: number, currency: string) => (minor > 0 ? formatMoney(minor, currency) : null);

/** YYYY-MM-DD plus `months` months, on day `day` (1, or 0 for the last day of the month before). */
function monthDay(today: string, months: number, day: number): string {
  const [y, m] = today.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, day)).toISOString().slice(0, 10);
}

export async function loadReceivablesPage({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<ReceivablesPageData> {
  const { services } = await requireStaffPage({ request, context });
  const { db, siteSettings } = services;
  const today = companyToday((await siteSettings.get()).timeZone);
  const pageParam = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const asked = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 100_000 ? pageParam : 1;
  let found = await getReceivables({ db, today, page: asked });
  const pageCount = Math.max(1, Math.ceil(found.count / RECEIVABLES_PAGE_SIZE));
  const page = Math.min(asked, pageCount);
  if (page !== asked) found = await getReceivables({ db, today, page });
  return {
    today: formatCalendarDate(today),
    totals: found.totals.map((row) => ({
      currency: row.currency,
      overdue: formatMoney(row.overdueMinor, row.currency),
      credit: credit(row.creditMinor, row.currency),
      ...agedText(row, row.currency),
    })),
    customers: found.customers.map((row, index) => ({
      key: `${row.party?.id ?? row.name}-${row.currency}-${index}`,
      name: row.name,
      company: row.company,
      currency: row.currency,
      invoices: row.invoices,
      credit: credit(row.creditMinor, row.currency),
      statementUrl: row.party ? statementUrl(row.party) : null,
      ...agedText(row, row.currency),
    })),
    count: found.count,
    page,
    pageCount,
    exportPeriod: { from: monthDay(today, 0, 1), to: today },
  };
}

/** The dashboard's card: what is owed and what of it is overdue, per currency. */
export async function loadReceivablesCard({
  db,
  timeZone,
}: {
  db: Db;
  timeZone: string;
}): Promise<ReceivablesCardData> {
  const found = await getReceivables({ db, today: companyToday(timeZone), pageSize: 0 });
  return found.totals
    .filter((row) => row.totalMinor > 0)
    .map((row) => ({
      currency: row.currency,
      total: formatMoney(row.totalMinor, row.currency),
      overdue: formatMoney(row.overdueMinor, row.currency),
    }));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (value: string) =>
  DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/**
 * The statement's period from the address: `from` and `to` (YYYY-MM-DD). By default this month so far (a
 * statement is monthly, and its opening balance carries everything before). Dates that are not dates, or a
 * start after the end, fall back to the default with the reason.
 */
export function statementPeriod(params: URLSearchParams, today: string) {
  const fallback = { from: monthDay(today, 0, 1), to: today };
  const from = params.get("from")?.trim() ?? "";
  const to = params.get("to")?.trim() ?? "";
  if (!from && !to) return { ...fallback, problem: null };
  if (!realDate(from) || !realDate(to))
    return {
      ...fallback,
      problem: "The dates were not understood (a date looks like 2026-11-30): showing this month.",
    };
  if (from > to)
    return { ...fallback, problem: "The start date was after the end date: showing this month." };
  return { from, to, problem: null };
}

const isPartyKind = (kind: string): kind is "shipper" | "consignee" =>
  kind === "shipper" || kind === "consignee";

async function statementOf({ request, context, kind: asked, partyId }: StatementArgs) {
  const { services, user } = await requireStaffPage({ request, context, id: partyId });
  if (!isPartyKind(asked)) notFound();
  const kind = asked;
  const { db, siteSettings } = services;
  const party = await getParty({ db, kind, id: partyId });
  if (!party) notFound();
  const { timeZone } = await siteSettings.get();
  const statement = await buildStatement({
    db,
    kind,
    party,
    timeZone,
    params: new URL(request.url).searchParams,
  });
  return { services, user, kind, ...statement };
}

/**
 * A party's statement for the period the address asks (this month so far by default): what the staff's page,
 * PDF and e-mail show, and the customer's account's PDF (decision 029).
 */
export async function buildStatement({
  db,
  kind,
  party,
  timeZone,
  params,
}: {
  db: Db;
  kind: "shipper" | "consignee";
  party: Party;
  timeZone: string;
  params: URLSearchParams;
}) {
  const today = companyToday(timeZone);
  const period = statementPeriod(params, today);
  const currencies = await getStatement({
    db,
    party: { kind, id: party.id },
    from: period.from,
    to: period.to,
    timeZone,
  });
  const parts = statementText(currencies);
  return {
    party,
    period,
    today,
    parts,
    /** The figures behind `parts`, for the e-mail written in the customer's language. */
    currencies,
    periodText: `${formatCalendarDate(period.from)} to ${formatCalendarDate(period.to)}`,
  };
}

type StatementArgs = { request: Request; context: Ctx; kind: string; partyId: string };

const pdfPath = (kind: string, party: Pick<Party, "id">, from: string, to: string) =>
  `${statementUrl({ kind, id: party.id })}/statement.pdf?from=${from}&to=${to}`;

export async function loadStatementPage(args: StatementArgs): Promise<StatementPageData> {
  const { kind, party, period, today, parts, periodText } = await statementOf(args);
  return {
    party: { kind, id: party.id, name: party.name, company: party.company, email: party.email },
    from: period.from,
    to: period.to,
    period: periodText,
    periodProblem: period.problem,
    parts,
    presets: [
      { label: "This month", from: monthDay(today, 0, 1), to: today },
      { label: "Last month", from: monthDay(today, -1, 1), to: monthDay(today, 0, 0) },
      { label: "Last 3 months", from: monthDay(today, -2, 1), to: today },
      { label: "This year", from: `${today.slice(0, 4)}-01-01`, to: today },
    ],
    pdfUrl: pdfPath(kind, party, period.from, period.to),
    submissionKey: newSubmissionKey(),
  };
}

const fileName = (party: Party, to: string) =>
  `Statement-${(party.company || party.name).replace(/[^A-Za-z0-9]+/g, "-").slice(0, 40)}-${to}.pdf`;

async function renderStatementPdf(
  context: Ctx,
  statement: Awaited<ReturnType<typeof buildStatement>>,
  locale: Locale,
) {
  const { party, parts, periodText, currencies, period } = statement;
  const { renderStatement } = await import("#app/server/receivables/statement-document.server.ts");
  return renderStatement({
    statement: {
      customer: {
        name: party.name,
        company: party.company,
        email: party.email,
        phone: party.phone,
        address: party.address,
      },
      period: periodText,
      parts,
      source: { currencies, from: period.from, to: period.to },
    },
    context: await documentContext(context, undefined, locale),
  });
}

/** The statement's PDF (the page's period), for staff, in the party's language or `?lang=`'s; never cached. */
export async function statementPdfResponse(args: StatementArgs): Promise<Response> {
  const statement = await statementOf(args);
  return statementPdf(args.context, statement, askedLanguage(args.request) ?? statement.party.language);
}

/** A built statement as a PDF answer in `locale` (staff and the customer's account alike). */
export async function statementPdf(
  context: Ctx,
  statement: Awaited<ReturnType<typeof buildStatement>>,
  locale: Locale,
): Promise<Response> {
  const pdf = await renderStatementPdf(context, statement, locale);
  return pdfResponse(pdf, fileName(statement.party, statement.period.to));
}

export type StatementActionData = { error: string };

/**
 * 'E-mail statement': the PDF of the page's period to the customer's e-mail address, through the outbox.
 * The form's submission key makes one message however often the form is posted.
 */
export async function emailStatementAction(args: StatementArgs) {
  const { formData } = await requireStaffForm({ ...args, id: args.partyId });
  const refuse = (error: string) => data<StatementActionData>({ error }, { status: 400 });
  if (!formData || readIntent(formData) !== "email")
    return refuse("The form could not be read. Please try again.");
  const key = String(formData.get("submissionKey") ?? "");
  if (!/^[A-Za-z0-9-]{16,64}$/.test(key))
    return refuse("The form could not be read. Please reload the page.");
  const statement = await statementOf(args);
  const { services, party, user, currencies, period } = statement;
  const back = `${statementUrl({ kind: statement.kind, id: party.id })}?from=${statement.period.from}&to=${statement.period.to}`;
  if (!party.email) return refuse("This customer has no e-mail address. Add one in the address book first.");
  const settings = await services.siteSettings.get();
  // In the customer's language (decision 030): the member behind the address, or the party's own; the PDF too.
  const locale = await recipientLocale({
    db: services.db,
    email: party.email,
    party: { kind: statement.kind, id: party.id },
  });
  const pdf = await renderStatementPdf(args.context, statement, locale);
  const { t, money, date } = mailWords(locale);
  const facts = { company: settings.companyName, from: date(period.from), to: date(period.to) };
  const balances = currencies
    .map(({ currency, closingMinor }) => {
      const note =
        closingMinor > 0
          ? t("Balance due: {amount}", { amount: money(closingMinor, currency) })
          : closingMinor < 0
            ? t("In credit: {amount}", { amount: money(-closingMinor, currency) })
            : t("Nothing due");
      return `${currency}: ${note}`;
    })
    .join("\n");
  const queued = await queueMail({
    db: services.db,
    config: services.config,
    logger: services.logger,
    dedupeKey: `statement:${key}`,
    mail: {
      to: party.email,
      subject: t("Your statement of account from {company}: {from} to {to}", facts),
      text: `${t("Dear {name},", { name: party.name })}

${t("Please find attached your statement of account for {from} to {to}.", facts)}

${balances || t("Nothing was invoiced or paid up to the end of this period.")}

${t("If anything on it does not match your records, please reply to this e-mail.")}

${mailSignature(settings)}`,
      attachments: [
        { filename: fileName(party, statement.period.to), contentType: "application/pdf", content: pdf },
      ],
    },
  });
  if (!queued.ok) return refuse(`The statement was not sent: ${queued.reason}`);
  services.logger.info({ userId: user.id, partyId: party.id }, "Statement e-mailed");
  return redirectWithToast(back, {
    type: "success",
    title: queued.queued
      ? `Statement sent to ${party.email}`
      : `Statement kept in the outbox for ${party.email}`,
    description: queued.queued ? undefined : "No mail server is set up for this site, so it was not sent.",
  });
}
