// The French routes (decision 030): the same route modules as the English ones, at the French addresses of
// FRENCH_PATHS, each with its own id ('fr:' and the English route's id).
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { FRENCH_PATHS } from "#app/lib/i18n/paths.ts";

export const FRENCH_ID_PREFIX = "fr:";

/** A route's id as React Router gives it by default: its file without the extension. */
const idOf = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.[^.]+$/, "");

function frenchPathOf(englishPath: string): string {
  const path = englishPath.startsWith("/") ? englishPath : `/${englishPath}`;
  if (path === "/*") return "fr/*";
  const found = FRENCH_PATHS.find(([english]) => english === path);
  if (!found) throw new Error(`No French address for ${path}: add it to FRENCH_PATHS`);
  return found[1].slice(1);
}

/**
 * The French copies of `entries` (pages, layouts without a path, an index route): every path must be in
 * FRENCH_PATHS, so a page added later without its French address stops the build.
 */
export function frenchRoutes(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.map((entry) => {
    const copy: RouteConfigEntry = { ...entry, id: `${FRENCH_ID_PREFIX}${idOf(entry)}` };
    if (entry.index) {
      copy.index = undefined;
      copy.path = frenchPathOf("/");
    } else if (entry.path !== undefined) {
      copy.path = frenchPathOf(entry.path);
    }
    if (entry.children) copy.children = frenchRoutes(entry.children);
    return copy;
  });
}

/** Whether a route is the French copy of another (tests that walk every route visit the English one). */
export function isFrenchRoute(entry: Pick<RouteConfigEntry, "id">): boolean {
  return entry.id?.startsWith(FRENCH_ID_PREFIX) ?? false;
}
