import type { Translate } from "#app/lib/i18n/translate.ts";

// The office on OpenStreetMap (Broad and Randall Street, Monrovia): the contact page's loader gives these to its map,
// so the addresses travel as data rather than page code.
const LAT = 6.3106;
const LON = -10.8047;
const BBOX = [LON - 0.01, LAT - 0.007, LON + 0.01, LAT + 0.007].map((n) => n.toFixed(4)).join("%2C");

/** The map's embedded view, its page, and the note under 'Show map' in the page's language. */
export function officeMap(t: Translate) {
  return {
    embedUrl: `https://www.openstreetmap.org/export/embed.html?bbox=${BBOX}&layer=mapnik&marker=${LAT}%2C${LON}`,
    pageUrl: `https://www.openstreetmap.org/?mlat=${LAT}&mlon=${LON}#map=16/${LAT}/${LON}`,
    note: t("The map is loaded from OpenStreetMap when you ask for it."),
  };
}
