import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import routeConfig from "#app/routes.ts";
import { resourceDataRequests } from "./react-router-handler.ts";

// The security review: `/admin/shipments/<id>/waybill.pdf.data`, `/delivery-note/<token>.data` and the like ran the resource
// route's loader and answered its bytes in the router's data format, without the headers the route sets (no-store,
// no-referrer, its own CSP). Every resource route of app/routes.ts (so routes added later are covered too) has no
// `.data` form; every page keeps its own.

const APP_DIR = path.resolve(import.meta.dirname, "../app");

type Sample = { id: string; url: string; resource: boolean };

async function collect(
  entries: RouteConfigEntry[],
  parent: { id: string; path: string } | undefined,
  routes: ServerBuild["routes"],
  samples: Sample[],
) {
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
    const module = (await import(path.join(APP_DIR, entry.file))) as Record<string, unknown>;
    routes[id] = {
      id,
      parentId: parent?.id ?? "root",
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      module,
    } as unknown as ServerBuild["routes"][string];
    const full = [parent?.path, entry.path].filter(Boolean).join("/");
    if (!entry.children) {
      const url = `/${full
        .split("/")
        .map((segment) =>
          segment.startsWith(":") ? "00000000-0000-4000-8000-000000000000" : segment === "*" ? "x" : segment,
        )
        .join("/")}`;
      samples.push({ id, url: url.replace(/\/+/g, "/"), resource: module.default === undefined });
    } else {
      await collect(entry.children, { id, path: full }, routes, samples);
    }
  }
}

const samples: Sample[] = [];
let isResourceData: (path: string) => boolean;
beforeAll(async () => {
  const routes: ServerBuild["routes"] = {
    root: {
      id: "root",
      path: "",
      module: await import("#app/root.tsx"),
    } as unknown as ServerBuild["routes"][string],
  };
  await collect(routeConfig, undefined, routes, samples);
  isResourceData = resourceDataRequests({ routes });
});

describe("resource routes have no .data form", () => {
  it("finds the resource routes of the app", () => {
    const resources = samples.filter((s) => s.resource).map((s) => s.id);
    expect(resources).toContain("routes/resources/delivery-note.$token");
    expect(resources).toContain("routes/resources/admin.shipments.$id.waybill.pdf");
    expect(resources).toContain("shipments-export-csv");
    expect(resources.length).toBeGreaterThan(15);
  });

  it("refuses the .data form of every resource route, and only of those", () => {
    for (const sample of samples) {
      expect(isResourceData(`${sample.url}.data`), sample.url).toBe(sample.resource);
      expect(isResourceData(sample.url), sample.url).toBe(false);
    }
    // The home page's data request.
    expect(isResourceData("/_root.data")).toBe(false);
    expect(isResourceData("/quote/abc/pdf.data")).toBe(true);
    expect(isResourceData("/track/UTG-1234-5678/qr.svg.data")).toBe(true);
    expect(isResourceData("/track/UTG-1234-5678.data")).toBe(false);
  });
});
