import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { APP_ENV, APP_NODE_FLAGS } from "./app-process.ts";

const startScript = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { start: string } })
  .scripts.start;

/** The environment `npm start` gives Node: the script run by sh, with Node replaced by `printenv`. */
function startEnvironment(env: Record<string, string>, name: string): string {
  const [assignments, command] = startScript.split(/\bnode\b/);
  expect(command).toContain(APP_NODE_FLAGS.join(" "));
  const { MALLOC_ARENA_MAX: _, ...rest } = process.env;
  return execFileSync("sh", ["-c", `${assignments} printenv ${name}`], {
    env: { ...rest, ...env },
    encoding: "utf8",
  }).trim();
}

describe("the app's environment as npm start and the test and benchmark starts give it", () => {
  it("runs the app with two malloc arenas, the same value in both places", () => {
    expect(APP_ENV.MALLOC_ARENA_MAX).toBe("2");
    expect(startEnvironment({}, "MALLOC_ARENA_MAX")).toBe(APP_ENV.MALLOC_ARENA_MAX);
  });

  it("keeps an operator's own number of arenas", () => {
    expect(startEnvironment({ MALLOC_ARENA_MAX: "4" }, "MALLOC_ARENA_MAX")).toBe("4");
  });
});
