// Reading a quote request's free-text weight for a booking (decision 016): only one unambiguous weight
// counts ('250 kg', '2 tons', '1,200.5kg', '500 lbs'); anything else ('10 kg, 2 tons', 'about 3 pallets', '250')
// gives nothing and the clerk types it.

const UNITS: Record<string, number> = {
  kg: 1,
  kgs: 1,
  kilo: 1,
  kilos: 1,
  kilogram: 1,
  kilograms: 1,
  t: 1000,
  ton: 1000,
  tons: 1000,
  tonne: 1000,
  tonnes: 1000,
  mt: 1000,
  g: 0.001,
  gram: 0.001,
  grams: 0.001,
  lb: 0.45359237,
  lbs: 0.45359237,
  pound: 0.45359237,
  pounds: 0.45359237,
};

const ONE_WEIGHT = /^(?:approx\.?\s*|about\s+|~\s*)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*([a-z]+)\.?$/;

/** Kilograms, rounded to 2 decimals, or null when the text is not exactly one weight with a unit. */
export function parseWeightKg(text: string): number | null {
  const value = text.trim().toLowerCase().replace(/\s+/g, " ");
  const match = ONE_WEIGHT.exec(value);
  if (!match) return null;
  const factor = UNITS[match[3]!];
  if (factor === undefined) return null;
  const number = Number(`${match[1]!.replaceAll(",", "")}.${match[2] ?? "0"}`);
  if (!Number.isFinite(number) || number <= 0) return null;
  const kg = Math.round(number * factor * 100) / 100;
  return kg > 0 && kg < 1e10 ? kg : null;
}
