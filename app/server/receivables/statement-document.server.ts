import type { DocumentContext, DocumentParty } from "#app/server/documents/document-context.server.ts";
import {
  A4_MARGIN,
  cell,
  letterhead,
  pageFooters,
  partyBox,
  rule,
} from "#app/server/documents/document-parts.server.ts";
import { documentWords } from "#app/server/documents/document-words.server.ts";
import {
  caption,
  createPdf,
  finishPdf,
  fitLine,
  flowText,
  PAGE_SIZES,
  type Pdf,
  textHeight,
} from "#app/server/documents/pdf-document.server.ts";
import type { StatementPartText } from "#app/server/receivables/receivables-views.ts";
import { statementPartsIn, statementPeriodIn } from "#app/server/receivables/statement-words.server.ts";
import type { StatementCurrency } from "#app/server/receivables/statements.server.ts";

// A customer's statement of account (decision 028), A4: the letterhead, the customer, the period;
// then per currency the opening balance, each line (date, what it is, charge, credit, running balance) and the
// closing balance. Lines flow onto further pages with the table's header again; every page carries 'Page n of m'.

export type StatementDocument = {
  customer: DocumentParty;
  /** 'November 1, 2026 to November 27, 2026'. */
  period: string;
  parts: StatementPartText[];
  /**
   * The figures and the period the texts were made from: in another language than English the document says
   * them in its own words (the same figures).
   */
  source?: { currencies: StatementCurrency[]; from: string; to: string };
};

type Words = ReturnType<typeof documentWords>;

const BOTTOM = PAGE_SIZES.a4[1] - A4_MARGIN - 18;
const SIZE = 8.5;
const ROW = 13;
const GAP = 6;

function columns(x: number, width: number) {
  const date = 80;
  const amount = 64;
  const description = width - date - 3 * amount - 4 * GAP;
  const descriptionX = x + date + GAP;
  const chargeX = descriptionX + description + GAP;
  const creditX = chargeX + amount + GAP;
  const balanceX = creditX + amount + GAP;
  return { x, date, amount, description, descriptionX, chargeX, creditX, balanceX };
}
type Columns = ReturnType<typeof columns>;

function tableHeader(doc: Pdf, c: Columns, width: number, currency: string, y: number, { t }: Words) {
  caption(doc, t("Date"), c.x, y, c.date);
  caption(doc, t("Details"), c.descriptionX, y, c.description);
  caption(doc, t("Charges ({currency})", { currency }), c.chargeX, y, c.amount, 6.5, "right");
  caption(doc, t("Credits ({currency})", { currency }), c.creditX, y, c.amount, 6.5, "right");
  caption(doc, t("Balance ({currency})", { currency }), c.balanceX, y, c.amount, 6.5, "right");
  rule(doc, c.x, y + 10, width);
  return y + 14;
}

type Cells = { date: string; description: string; charge: string; credit: string; balance: string };

/** A row's height: its details wrap over up to three lines. */
const rowHeight = (doc: Pdf, c: Columns, cells: Cells) =>
  Math.min(
    3 * (ROW - 2),
    Math.max(ROW, textHeight(doc, cells.description, c.description, { size: SIZE }) + 2),
  );

function row(doc: Pdf, c: Columns, y: number, cells: Cells, bold = false) {
  const style = { size: SIZE, minSize: 6.5, bold };
  fitLine(doc, cells.date, c.x, y, c.date, style);
  flowText(doc, cells.description, c.descriptionX, y, c.description, rowHeight(doc, c, cells), {
    size: SIZE,
    bold,
  });
  fitLine(doc, cells.charge, c.chargeX, y, c.amount, { ...style, align: "right" });
  fitLine(doc, cells.credit, c.creditX, y, c.amount, { ...style, align: "right" });
  fitLine(doc, cells.balance, c.balanceX, y, c.amount, { ...style, align: "right" });
}

function continuationHead(doc: Pdf, statement: StatementDocument, x: number, width: number, { t }: Words) {
  doc.addPage({ size: [...PAGE_SIZES.a4], margin: 0 });
  const name = t("Statement of account: {name} (continued)", { name: statement.customer.name });
  fitLine(doc, name, x, A4_MARGIN, width, {
    size: 11,
    minSize: 8,
    bold: true,
  });
  rule(doc, x, A4_MARGIN + 20, width);
  return A4_MARGIN + 28;
}

export async function renderStatement({
  statement,
  context,
}: {
  statement: StatementDocument;
  context: DocumentContext;
}): Promise<Buffer> {
  const w = documentWords(context);
  const { t } = w;
  // In another language than English, the same figures in its words; English as the statement page says it.
  const { source } = statement;
  const parts = source && w.locale !== "en" ? statementPartsIn(w.locale, source.currencies) : statement.parts;
  const period = source ? statementPeriodIn(w.locale, source, statement.period) : statement.period;
  const doc = createPdf({
    title: t("Statement of account: {name}", { name: statement.customer.name }),
    author: context.company.companyName,
    bufferPages: true,
  });
  doc.addPage({ size: [...PAGE_SIZES.a4], margin: 0 });
  const x = A4_MARGIN;
  const width = doc.page.width - 2 * A4_MARGIN;
  let y = letterhead(doc, context, {
    title: t("STATEMENT OF ACCOUNT"),
    subtitle: period,
    number: null,
  });
  const half = (width - 10) / 2;
  partyBox(doc, t("Customer"), statement.customer, x, y, half, 96, w.locale);
  cell(doc, t("Period"), period, x + half + 10, y, half, 32);
  parts.forEach((part, index) => {
    cell(
      doc,
      t("Closing balance ({currency})", { currency: part.currency }),
      part.closing,
      x + half + 10,
      y + 32 * (index + 1),
      half,
      32,
    );
  });
  y += Math.max(104, 32 * (parts.length + 1) + 8);
  if (parts.length === 0) {
    fitLine(doc, t("Nothing invoiced or paid up to the end of this period."), x, y, width, { size: 10 });
  }
  const c = columns(x, width);
  for (const part of parts) {
    if (y + 4 * ROW > BOTTOM) y = continuationHead(doc, statement, x, width, w);
    fitLine(doc, t("In {currency}", { currency: part.currency }), x, y, width, { size: 11, bold: true });
    y = tableHeader(doc, c, width, part.currency, y + 16, w);
    row(doc, c, y, {
      date: "",
      description: t("Opening balance"),
      charge: "",
      credit: "",
      balance: part.opening,
    });
    y += ROW;
    for (const line of part.lines) {
      const height = rowHeight(doc, c, line);
      if (y + height > BOTTOM)
        y = tableHeader(doc, c, width, part.currency, continuationHead(doc, statement, x, width, w), w);
      row(doc, c, y, line);
      y += height;
    }
    rule(doc, x, y, width);
    y += 4;
    if (y + ROW > BOTTOM) y = continuationHead(doc, statement, x, width, w);
    row(
      doc,
      c,
      y,
      { date: "", description: part.closingNote, charge: "", credit: "", balance: part.closing },
      true,
    );
    y += ROW + 14;
  }
  pageFooters(doc, t("Statement of account: {period}", { period }), t);
  return finishPdf(doc);
}
