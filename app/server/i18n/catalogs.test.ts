// The French catalogs (decision 030): every French text has the placeholders of its English one, and every
// text the code asks for by name, `t("…")`, has its French. What the code builds and translates through a
// variable is found by the untranslated-text test of the French pages instead.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { placeholdersOf } from "#app/lib/i18n/translate.ts";
import { french } from "#app/server/i18n/fr/index.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The literal texts passed to a translator named `t` in the app's code. */
function textsAskedFor(): Map<string, string> {
  const asked = new Map<string, string>();
  const call = /(?<![\w.])t\(\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\$]|\\.)*`)/g;
  for (const file of sourceFiles("app")) {
    for (const match of readFileSync(file, "utf8").matchAll(call)) {
      const literal = match[1]!;
      const text = literal.startsWith("`")
        ? literal.slice(1, -1)
        : (JSON.parse(`"${literal.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`) as string);
      if (!asked.has(text)) asked.set(text, file);
    }
  }
  return asked;
}

describe("the French catalogs", () => {
  const all = Object.assign({}, ...Object.values(french)) as Record<string, string>;

  it("give every French text the placeholders of its English one, and no empty text", () => {
    const wrong = Object.entries(all)
      .filter(
        ([english, fr]) => fr.trim() === "" || placeholdersOf(english).join() !== placeholdersOf(fr).join(),
      )
      .map(([english, fr]) => `${english} → ${fr}`);
    expect(wrong).toEqual([]);
  });

  it("have a French text for every text the code asks for by name", () => {
    const missing = [...textsAskedFor()]
      .filter(([text]) => all[text] === undefined)
      .map(([text, file]) => `${file}: ${text}`);
    expect(missing).toEqual([]);
  });
});
