// The rooms of app/server lean one way (DESIGN's Layout, STYLE 23): a room imports values only from rooms at
// its level or below, never both ways, and no server module imports a component. This test reads every
// server module's imports and fails on an arrow against the order. The arrows that still point the wrong way
// are listed in TURN_AROUND: the list may only shrink (an arrow that no longer exists must leave it, and a new
// one fails), until it is empty.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Each room's level, from the bottom. A room imports values from its own level or below. */
const LEVELS: Record<string, number> = {
  db: 0,
  i18n: 1,
  platform: 2,
  audit: 3,
  auth: 3,
  spreadsheets: 3,
  messaging: 3,
  staff: 4,
  settings: 5,
  parties: 6,
  blog: 6,
  shipments: 7,
  documents: 8,
  notifications: 8,
  quotes: 8,
  inbox: 9,
  invoices: 10,
  payments: 11,
  receivables: 12,
  customers: 13,
  "shipment-page": 14,
  // The back office's dashboard: counts from shipments, the inboxes and receivables on one page.
  dashboard: 14,
  // The composition root, the database's preparation and the seed (app/server/*.ts).
  "(root)": 15,
};

/** Arrows against the order that are still to be turned around (a shared part moved down, or a callback). */
const TURN_AROUND = new Set([
  "documents -> receivables",
  "invoices -> customers",
  "invoices -> payments",
  "notifications -> customers",
  "notifications -> invoices",
  "parties -> customers",
  "parties -> receivables",
  "quotes -> inbox",
  "settings -> invoices",
  "settings -> notifications",
  "settings -> payments",
  "shipments -> customers",
  "shipments -> documents",
  "shipments -> quotes",
  "settings -> documents",
]);

/** Server modules that still import a component's constants (they belong in app/schemas). */
const COMPONENT_IMPORTS = new Set(["settings/settings-page.server.ts"]);

const IMPORT = /^import\s+(type\s+)?(\{[^}]*\}|[\w*\s,{}]+?)\s+from\s+"#app\/([^"]+)";/gm;

type Source = { file: string; text: string };
type Finding = { arrows: Map<string, string[]>; componentImports: string[] };

/** The room of a path under app/server ('(root)' for the files directly in it). */
const roomOf = (file: string) => (file.includes("/") ? file.split("/")[0]! : "(root)");

/** Whether an import brings values (not only types). */
function importsValues(kind: string | undefined, names: string): boolean {
  if (kind) return false;
  if (!names.startsWith("{")) return true;
  const parts = names
    .slice(1, -1)
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length === 0 || !parts.every((part) => part.startsWith("type "));
}

/** Every room-to-room arrow of value imports (with the files that draw it), and the imports of components. */
function readArrows(sources: Source[]): Finding {
  const arrows = new Map<string, string[]>();
  const componentImports: string[] = [];
  for (const { file, text } of sources) {
    const from = roomOf(file);
    for (const match of text.matchAll(IMPORT)) {
      const [, kind, names, target] = match;
      if (target!.startsWith("components/")) {
        componentImports.push(file);
        continue;
      }
      if (!target!.startsWith("server/") || !importsValues(kind, names!)) continue;
      const to = roomOf(target!.slice("server/".length));
      if (to === from) continue;
      const arrow = `${from} -> ${to}`;
      arrows.set(arrow, [...(arrows.get(arrow) ?? []), file]);
    }
  }
  return { arrows, componentImports };
}

/** The arrows against LEVELS, and the rooms no level names. */
function checkOrder(arrows: Map<string, string[]>): { against: string[]; unplaced: string[] } {
  const against: string[] = [];
  const unplaced = new Set<string>();
  for (const arrow of arrows.keys()) {
    const [from, to] = arrow.split(" -> ") as [string, string];
    for (const room of [from, to]) if (LEVELS[room] === undefined) unplaced.add(room);
    if (LEVELS[from] === undefined || LEVELS[to] === undefined) continue;
    const reverse = arrows.has(`${to} -> ${from}`);
    if (LEVELS[to]! > LEVELS[from]! || (LEVELS[to] === LEVELS[from] && reverse)) against.push(arrow);
  }
  return { against: against.sort(), unplaced: [...unplaced].sort() };
}

function serverSources(): Source[] {
  const root = path.resolve(import.meta.dirname);
  const sources: Source[] = [];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    if (/\.test\.tsx?$|test-support/.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    sources.push({ file: path.relative(root, full), text: fs.readFileSync(full, "utf8") });
  }
  return sources;
}

describe("the rooms of app/server lean one way", () => {
  const { arrows, componentImports } = readArrows(serverSources());
  const { against, unplaced } = checkOrder(arrows);

  it("every room has a level", () => {
    expect(unplaced).toEqual([]);
  });

  it("no arrow points up the order, except those still listed to turn around", () => {
    const unexpected = against
      .filter((arrow) => !TURN_AROUND.has(arrow))
      .map((arrow) => `${arrow} (${[...new Set(arrows.get(arrow))].join(", ")})`);
    expect(unexpected).toEqual([]);
  });

  it("the list of arrows to turn around only shrinks: one that is gone leaves it", () => {
    expect([...TURN_AROUND].filter((arrow) => !against.includes(arrow)).sort()).toEqual([]);
  });

  it("platform/ and db/ import no domain", () => {
    const low = [...arrows.keys()].filter((arrow) => /^(platform|db) -> /.test(arrow));
    const domains = low.filter((arrow) => !/ -> (db|i18n|platform)$/.test(arrow));
    expect(domains).toEqual([]);
  });

  it("server modules import no component, except those still listed", () => {
    expect(componentImports.filter((file) => !COMPONENT_IMPORTS.has(file))).toEqual([]);
    expect([...COMPONENT_IMPORTS].filter((file) => !componentImports.includes(file))).toEqual([]);
  });

  it("catches a planted import against the order, and a two-way pair at one level", () => {
    const planted = readArrows([
      {
        file: "shipments/planted.server.ts",
        text: 'import { x } from "#app/server/invoices/invoices.server.ts";',
      },
      { file: "quotes/a.server.ts", text: 'import { y } from "#app/server/documents/d.server.ts";' },
      { file: "documents/b.server.ts", text: 'import { z } from "#app/server/quotes/q.server.ts";' },
      { file: "invoices/c.server.ts", text: 'import type { T } from "#app/server/customers/t.ts";' },
    ]);
    expect(checkOrder(planted.arrows).against).toEqual([
      "documents -> quotes",
      "quotes -> documents",
      "shipments -> invoices",
    ]);
  });
});
