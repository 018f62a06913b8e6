// Spreadsheet cells, both ways (decision 020): what an exported text cell becomes so no spreadsheet runs
// it as a formula, and one CSV line.

/** A cell value: text, a number, a date (written as an ISO date or time), or empty. */
export type CellValue = string | number | Date | null | undefined;

/** Text a spreadsheet would read as a formula (or a DDE command): it starts with = + - @, a tab or a CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text made safe for a spreadsheet: one that starts like a formula gets a leading single quote ('=HYPERLINK(…)
 * shows as the text it is). Numbers are written as numbers and are never changed.
 */
export function neutraliseText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell as the text an export writes (dates: YYYY-MM-DD at midnight UTC, else an ISO instant). */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : `${iso.slice(0, 19)}Z`;
  }
  return neutraliseText(value);
}

/** One CSV line (RFC 4180, CRLF): a field with a comma, quote or line break is quoted. */
export function csvLine(values: readonly CellValue[]): string {
  return `${values
    .map((value) => {
      const text = cellText(value);
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(",")}\r\n`;
}
