/**
 * The accent call-to-action look, without a display value (add `inline-flex` or `flex`).
 * accent-700 keeps white text above 4.5:1 (accent-600 is 3.9:1); the hover colour is darker still.
 */
export const accentLinkClass =
  "items-center justify-center gap-2 rounded-md bg-accent-700 font-semibold text-white transition-colors hover:bg-[#8f3908]";

/** 'tel:' address for a phone number as people write it: '+231 77 700 1995' → 'tel:+231777001995'. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
