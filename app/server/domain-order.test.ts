// The rooms of app/server lean one way (DESIGN's Layout, STYLE 23): a room imports values only from rooms of a
// lower level, or of its own level one way, and no server module imports a component. The levels are the README's
// map (its numbered list of rooms), so the map and this test cannot drift apart; the files directly in
// app/server (the composition root, the database's preparation, the seed) sit above every room.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Each room's level, read from the README's numbered list: "3. `audit/` `auth/` …: what they hold". */
function readLevels(readme: string): Record<string, number> {
  const levels: Record<string, number> = {};
  for (const [, level, rooms] of readme.matchAll(/^(\d+)\. ((?:`[a-z0-9-]+\/` ?)+):/gm)) {
    for (const [, room] of rooms!.matchAll(/`([a-z0-9-]+)\/`/g)) levels[room!] = Number(level);
  }
  return { ...levels, "(root)": Number.POSITIVE_INFINITY };
}

const LEVELS = readLevels(fs.readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8"));

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

  it("reads the README's map: every level from the bottom, each room once", () => {
    expect(LEVELS).toMatchObject({ db: 0, platform: 2, shipments: 7, invoices: 10, customers: 13 });
  });

  it("no arrow points up the order, and no two rooms of a level import each other", () => {
    expect(against.map((arrow) => `${arrow} (${[...new Set(arrows.get(arrow))].join(", ")})`)).toEqual([]);
  });

  it("platform/ and db/ import no domain", () => {
    const low = [...arrows.keys()].filter((arrow) => /^(platform|db) -> /.test(arrow));
    const domains = low.filter((arrow) => !/ -> (db|i18n|platform)$/.test(arrow));
    expect(domains).toEqual([]);
  });

  it("server modules import no component", () => {
    expect(componentImports).toEqual([]);
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
