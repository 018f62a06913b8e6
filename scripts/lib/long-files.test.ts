// A house rule: a source file a newcomer cannot take in at once (over 450 lines) says why at its
// top, in a line "Longer than 450 lines: <reason>"; otherwise it is split where the split has a name.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOTS = ["app", "server", "scripts", "tests", "bench"];
const LIMIT = 450;
const REASON = /Longer than 450 lines: \S/;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield file;
  }
}

describe("long source files", () => {
  it(`say at their top why they are longer than ${LIMIT} lines`, () => {
    const unexplained: string[] = [];
    for (const root of ROOTS) {
      if (!fs.existsSync(root)) continue;
      for (const file of sourceFiles(root)) {
        const lines = fs.readFileSync(file, "utf8").split("\n");
        if (lines.length > LIMIT && !REASON.test(lines.slice(0, 12).join("\n"))) {
          unexplained.push(`${file} (${lines.length} lines)`);
        }
      }
    }
    expect(unexplained).toEqual([]);
  });
});
