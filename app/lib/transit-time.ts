// Reading a quote's free-text transit time for a booking (decision 016): the estimated delivery
// date is filled only from a plain number of days or weeks, or a range of them ('7 days', '5-7 days',
// '5 to 7 working days', '2 weeks', '1–2 weeks'); the longer end of a range counts, so the date is not a
// promise the forwarder cannot keep. Anything else ('depends on the vessel', '7 days + customs') gives nothing.

const TRANSIT =
  /^(?:approx\.?\s*|about\s+|~\s*)?(\d{1,3})(?:\s*(?:-|–|—|to)\s*(\d{1,3}))?\s*(?:working\s+|business\s+|calendar\s+)?(days?|weeks?)$/;

/** The longest number of days the text states, or null when it is not one plain duration (at most a year). */
export function transitDaysFromText(text: string | null | undefined): number | null {
  const match = TRANSIT.exec((text ?? "").trim().toLowerCase().replace(/\s+/g, " "));
  if (!match) return null;
  const low = Number(match[1]);
  const high = match[2] === undefined ? low : Number(match[2]);
  if (high < low) return null;
  const days = match[3]!.startsWith("week") ? high * 7 : high;
  return days >= 1 && days <= 366 ? days : null;
}

/** `YYYY-MM-DD`, `days` after the calendar date of `today` (a `YYYY-MM-DD` string). */
export function addDaysToDate(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
