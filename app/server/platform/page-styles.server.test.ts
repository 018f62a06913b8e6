import zlib from "node:zlib";
import postcss, { type ChildNode } from "postcss";
import { describe, expect, it } from "vitest";
import appCss from "#app/app.css?inline";
import {
  classesOf,
  findPageStylesheet,
  fitPageStyles,
  PAGE_STYLES_MARKER,
  readRestStylesheet,
  stylesheetFor,
} from "#app/server/platform/page-styles.server.ts";
import siteCss from "#app/site.css?inline";

/** Each rule of a stylesheet with the at-rules around it, in order (what the cascade compares). */
function rulesOf(css: string): string[] {
  const rules: string[] = [];
  const walk = (nodes: readonly ChildNode[], path: string) => {
    for (const node of nodes) {
      if (node.type === "rule") rules.push(`${path}${node.toString()}`);
      else if (node.type === "atrule" && node.nodes && /^(layer|media|supports|container)$/.test(node.name))
        walk(node.nodes, `${path}@${node.name} ${node.params}|`);
      else if (node.type === "atrule") rules.push(`${path}${node.toString()}`);
    }
  };
  walk(postcss.parse(css).nodes, "");
  return rules;
}

/** The rules in the order that decides the cascade: where a rule stands twice, its last place counts. */
const lastPlaces = (rules: string[]) => rules.filter((rule, i) => rules.lastIndexOf(rule) === i);

const page = (body: string) =>
  Buffer.from(
    `<!DOCTYPE html><html lang="en"><head><style nonce="n">${PAGE_STYLES_MARKER}</style></head><body>${body}</body></html>`,
  );

describe("classesOf", () => {
  it("reads the classes a selector needs, unescaped, and none from inside parentheses or attributes", () => {
    expect(classesOf(".flex")).toEqual(["flex"]);
    expect(classesOf(".md\\:flex")).toEqual(["md:flex"]);
    expect(classesOf(".w-\\[10px\\]")).toEqual(["w-[10px]"]);
    expect(classesOf(".\\32 xl\\:p-4")).toEqual(["2xl:p-4"]);
    expect(classesOf(".bg-blue-500\\/50")).toEqual(["bg-blue-500/50"]);
    expect(classesOf(".group-hover\\:underline:is(:where(.group):hover *)")).toEqual([
      "group-hover:underline",
    ]);
    expect(classesOf('.prose a[href$=".pdf"]')).toEqual(["prose"]);
    expect(classesOf(".space-y-4>:not(:last-child)")).toEqual(["space-y-4"]);
    expect(classesOf(".card .title")).toEqual(["card", "title"]);
    expect(classesOf("*,:before,:after")).toEqual([]);
  });
});

describe("fitPageStyles", () => {
  it("leaves a back-office page as it is", () => {
    expect(stylesheetFor("/admin/shipments")).toBe(appCss);
    const html = Buffer.from(`<html><head><style>${appCss}</style></head><body></body></html>`);
    expect(fitPageStyles(html)).toEqual({ html });
    expect(findPageStylesheet(html)?.stylesheet.bytes.toString()).toBe(appCss);
  });

  it("gives a public page the rules its elements can use, and links the rest", () => {
    expect(stylesheetFor("/track")).toBe(PAGE_STYLES_MARKER);
    const { html, rest } = fitPageStyles(
      page('<main class="flex sr-only"><p class="sm:px-6">Monrovia</p></main>'),
    );
    const css = /<style nonce="n">([\s\S]*)<\/style>/.exec(html.toString())![1]!;
    // Minified in the build, not in development.
    expect(css).toMatch(/\.flex\s*\{/);
    expect(css).toMatch(/\.sm\\:px-6\s*\{/);
    expect(css).toMatch(/\.sr-only\s*\{/);
    // Not used on the page: not in it.
    expect(css).not.toMatch(/\.grid\s*\{/);
    expect(css.length).toBeLessThan(siteCss.length / 2);
    expect(html.toString()).toContain('<p class="sm:px-6">Monrovia</p>');
    expect(rest).toMatch(/^\/styles\/site\.[\w-]{10}\.\d+\.css$/);
    // The HTTP shell finds it, to splice its compressed piece into the answer.
    expect(findPageStylesheet(html)?.stylesheet.bytes.toString()).toBe(css);
  });

  it("gives pages built alike the same rules, and a page with one class more its own", () => {
    const css = (body: string) =>
      /<style nonce="n">([\s\S]*)<\/style>/.exec(fitPageStyles(page(body)).html.toString())![1]!;
    const first = css('<p class="flex">Monrovia</p><p class="sr-only">UTG-1</p>');
    expect(css('<p class="flex">Buchanan</p><p class="sr-only">UTG-2</p>')).toBe(first);
    const more = css('<p class="flex grid">Monrovia</p><p class="sr-only">UTG-1</p>');
    expect(more).not.toBe(first);
    expect(more).toMatch(/\.grid\s*\{/);
    expect(first).not.toMatch(/\.grid\s*\{/);
  });

  it("keeps the cascade of the whole stylesheet with the page's rules and the rest together", () => {
    const all = lastPlaces(rulesOf(siteCss));
    // Pages of every class the stylesheet knows, taken some at a time, the same ones on every run.
    const known = [
      ...new Set(
        postcss.parse(siteCss).nodes.flatMap(function classes(node): string[] {
          if (node.type === "rule") return node.selectors.flatMap(classesOf);
          return node.type === "atrule" ? (node.nodes ?? []).flatMap(classes) : [];
        }),
      ),
    ];
    expect(known.length).toBeGreaterThan(200);
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const pages = [
      "",
      '<div class="flex sm:flex-row sm:px-6 lg:px-8"><span class="sr-only">x</span></div>',
      ...Array.from({ length: 20 }, (_, n) => {
        const classes = Array.from({ length: 5 + n * 3 }, () => known[next() % known.length]!);
        return `<div class="${classes.join(" ")}"></div>`;
      }),
    ];
    for (const body of pages) {
      const { html, rest } = fitPageStyles(page(body));
      const inline = /<style nonce="n">([\s\S]*)<\/style>/.exec(html.toString())![1]!;
      const restCss = zlib.gunzipSync(readRestStylesheet(rest!)!).toString();
      expect(lastPlaces([...rulesOf(inline), ...rulesOf(restCss)]), body).toEqual(all);
    }
  });

  it("serves no rest for a path of another build or past the last rule", () => {
    const { rest } = fitPageStyles(page('<p class="flex"></p>'));
    expect(readRestStylesheet(rest!)).toBeDefined();
    expect(readRestStylesheet(rest!.replace(/site\.[\w-]{10}\./, "site.AAAAAAAAAA."))).toBeUndefined();
    expect(readRestStylesheet(rest!.replace(/\.\d+\.css$/, ".99999.css"))).toBeUndefined();
    expect(readRestStylesheet("/styles/site.css")).toBeUndefined();
    // One name for each rest: no leading zeros.
    expect(readRestStylesheet(rest!.replace(/\.(\d+)\.css$/, ".0$1.css"))).toBeUndefined();
  });
});
