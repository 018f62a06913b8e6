/**
 * How many SMS segments a text costs. A text of only GSM 03.38 characters (GSM-7) fits 160 characters in
 * one segment and 153 in each part of a longer one; the extension characters (^ { } \ [ ~ ] | € and form
 * feed) take two. Any other character makes the whole text UCS-2: 70 in one segment, 67 per part, and a
 * character outside the Basic Multilingual Plane (most emoji) takes two. A two-unit character never splits
 * across parts. Usable in the browser (a counter beside a text box).
 *
 * Reference: 3GPP TS 23.038 (the alphabet) and TS 23.040 (concatenation headers); Twilio's explanation at
 * https://www.twilio.com/docs/glossary/what-sms-character-limit
 */

const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENDED = "\f^{}\\[~]|€";

const basic = new Set(GSM7_BASIC);
const extended = new Set(GSM7_EXTENDED);

export type SmsEncoding = "GSM-7" | "UCS-2";

export type SmsTextAnalysis = {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
  units: number;
  segments: number;
  /** Characters that forced UCS-2, each once, in order of appearance (empty for GSM-7). */
  nonGsmCharacters: string[];
};

export const SINGLE_SEGMENT_LIMIT: Record<SmsEncoding, number> = { "GSM-7": 160, "UCS-2": 70 };
export const MULTIPART_SEGMENT_LIMIT: Record<SmsEncoding, number> = { "GSM-7": 153, "UCS-2": 67 };

/** Whether every character of the text is in the GSM-7 alphabet (basic or extension table). */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!basic.has(char) && !extended.has(char)) return false;
  return true;
}

export function analyzeSmsText(text: string): SmsTextAnalysis {
  const nonGsm = [...new Set([...text].filter((char) => !basic.has(char) && !extended.has(char)))];
  const encoding: SmsEncoding = nonGsm.length === 0 ? "GSM-7" : "UCS-2";
  const costs = [...text].map((char) => (encoding === "GSM-7" ? (extended.has(char) ? 2 : 1) : char.length));
  const units = costs.reduce((sum, cost) => sum + cost, 0);
  return { encoding, units, segments: countSegments(costs, encoding), nonGsmCharacters: nonGsm };
}

function countSegments(costs: number[], encoding: SmsEncoding): number {
  const total = costs.reduce((sum, cost) => sum + cost, 0);
  if (total === 0) return 0;
  if (total <= SINGLE_SEGMENT_LIMIT[encoding]) return 1;
  const limit = MULTIPART_SEGMENT_LIMIT[encoding];
  let segments = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > limit) {
      segments += 1;
      used = 0;
    }
    used += cost;
  }
  return segments;
}
