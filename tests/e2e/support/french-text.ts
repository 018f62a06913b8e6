// The untranslated-text check of the French pages (decision 030): every word a French page shows
// (text, and the names and hints read aloud or shown on hover: aria-label, placeholder, title, alt) is read,
// except what is data (inside `translate="no"`: names, addresses, goods, tracking numbers, the company's
// name) and e-mail addresses and links. A word that is English and not French fails the page.
import type { Page } from "@playwright/test";

/**
 * Common English words that are not French words (so 'page', 'service', 'message', 'date', 'total', 'code',
 * 'contact', 'client', 'transport', 'air', 'cargo', 'or', 'an', 'but', 'on', 'me', 'main' are not here).
 */
export const ENGLISH_ONLY = new Set(
  `the and your yours you with of to for this that these those is are was were be been being from by our we will
  would should could has have had not it its at if my please here there what when where which who whom how why
  all any can cannot may more yes get send sent track tracking shipment shipments package packages quote quotes
  invoice invoices paid pay payment payments enter search view back next previous home about read show hide open
  close sign signed account update updates delivered processing arrived pending name phone submit request free
  learn find us out up down see now new each every only just also than then into over after before while between
  without within upon still yet because so such own same other first last day days week weeks month year time
  today yesterday tomorrow do does did done make made go goes come help call ask keep let use used try again
  number weight estimated delivery latest history location shipper consignee origin details download print copy
  share link links save cancel accept decline declined accepted expired valid until due balance amount unpaid
  overdue credit receipt statement welcome thank thanks sorry error wrong something went found sea road freight
  container customs clearance warehousing project news post policy privacy terms rights reserved follow quick
  skip our get started why choose trusted partner global worldwide team years experience fast safe secure
  reliable message's don't can't won't it's we're you're`
    .split(/\s+/)
    .filter(Boolean),
);

export type EnglishWord = { word: string; text: string };

/** The English words on the open page, each with the text it stands in (at most `limit`). */
export async function findEnglishWords(page: Page, limit = 20): Promise<EnglishWord[]> {
  const texts = await page.evaluate(() => {
    const skipped = (element: Element | null) =>
      !element ||
      element.closest('[translate="no"], script, style, noscript, template, svg, code, pre') !== null;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text && !skipped(node.parentElement)) found.push(text);
    }
    for (const element of document.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")) {
      if (skipped(element)) continue;
      for (const name of ["aria-label", "placeholder", "title", "alt"]) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    // The title ends with the company's name ('… | Unitrans Global Logistics'), which is not translated.
    found.push(document.title.split(" | ")[0] ?? "");
    return found;
  });
  const words: EnglishWord[] = [];
  for (const text of texts) {
    const cleaned = text
      .replace(/\S+@\S+/g, " ")
      .replace(/https?:\/\/\S+/g, " ")
      .replace(/\b[A-Z0-9]+(?:-[A-Z0-9]+)+\b/g, " ")
      // French money writes the dollar '$US' ('1 435,50 $US').
      .replace(/\$US\b/g, " ");
    for (const word of cleaned.toLowerCase().match(/[a-zà-ÿœ']+/g) ?? []) {
      if (ENGLISH_ONLY.has(word)) {
        words.push({ word, text: text.slice(0, 80) });
        break;
      }
    }
    if (words.length >= limit) break;
  }
  return words;
}
