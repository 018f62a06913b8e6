// The security review: unserved methods answer 405, the .data form of every resource route is a 404, and each security
// header is sent once.
import fs from "node:fs";
import path from "node:path";
import { rawRequest } from "./client.ts";
import { attack, check, connect } from "./harness.ts";
import { allRoutes, fillPattern } from "./targets.ts";

const { client, f, adminCookie } = connect();

attack(
  "the security review: unserved methods, the .data form of files, one of each security header",
  async () => {
    // TRACE reached the router, whose Request refuses it: a 500 and an error-level log line with a stack, each time.
    let methods = 0;
    for (const target of ["/", "/contact", "/admin", `/track/${f.shipment.trackingNumber}`, "/media/x.png"]) {
      for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
        const answer = await rawRequest(client.base, { method, path: target });
        methods++;
        check(answer.status === 405, `${method} ${target} answered ${answer.status}, not 405`);
        check((answer.headers.allow ?? "").includes("GET"), `${method} ${target}: no Allow header`);
      }
    }
    // Every resource route (from app/routes.ts): its `.data` form is a 404, signed in or not, and never the bytes.
    const resources = allRoutes().filter(
      (r) => !/export\s+default\b/.test(fs.readFileSync(path.join("app", r.file), "utf8")),
    );
    check(resources.length > 15, `only ${resources.length} resource routes found`);
    let dataForms = 0;
    for (const route of resources) {
      const target = `${fillPattern(route.pattern, f)}.data`;
      for (const cookie of [adminCookie(), undefined]) {
        const sent = await client.send(target, { cookie });
        dataForms++;
        check(
          sent.status === 404,
          `${target}${cookie ? " (signed in)" : ""} answered ${sent.status}, not 404`,
        );
        check(!sent.body.includes("%PDF"), `${target} answered a PDF's bytes`);
      }
    }
    // One value of each security header, on the pages that set their own (a second one was appended beside the
    // shell's), and on the secret-token pages the headers the quote page already had.
    const once = ["referrer-policy", "content-security-policy", "x-content-type-options", "cache-control"];
    const token = "A".repeat(43);
    const pages = [
      `/quote/${token}`,
      `/quote/${token}/pdf`,
      `/delivery-note/${token}`,
      `/invoice/${token}`,
      `/invoice/${token}/invoice.pdf`,
      `/subscribe/${token}`,
      `/unsubscribe/${token}`,
      "/admin-reset-password?token=x",
      `/track/${f.shipment.trackingNumber}`,
      `/admin/shipments/${f.shipment.id}/waybill.pdf`,
      `/media/${f.media.filename}`,
    ];
    for (const target of pages) {
      const sent = await client.send(target, {
        cookie: target.startsWith("/admin/") ? adminCookie() : undefined,
      });
      for (const name of once) {
        const value = sent.headers.get(name);
        // fetch joins repeated headers with ", "; Cache-Control's one value may itself hold commas, but no
        // directive twice.
        const parts = value?.split(", ") ?? [];
        const single = name === "cache-control" ? new Set(parts).size === parts.length : parts.length <= 1;
        check(single, `${target}: ${name} sent more than once (${value})`);
      }
    }
    for (const target of [
      `/subscribe/${token}`,
      `/unsubscribe/${token}`,
      `/invoice/${token}`,
      `/invoice/${token}/invoice.pdf`,
    ]) {
      const sent = await client.send(target);
      check(
        sent.headers.get("cache-control") === "private, no-store",
        `${target}: Cache-Control ${sent.headers.get("cache-control")}`,
      );
      check(
        sent.headers.get("referrer-policy") === "no-referrer",
        `${target}: Referrer-Policy ${sent.headers.get("referrer-policy")}`,
      );
      check(
        sent.headers.get("x-robots-tag") === "noindex",
        `${target}: X-Robots-Tag ${sent.headers.get("x-robots-tag")}`,
      );
    }
    return `${methods} unserved-method requests, ${resources.length} resource routes × 2 (${dataForms} .data requests), ${pages.length} pages' headers`;
  },
);
