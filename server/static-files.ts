import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { readRestStylesheet } from "#app/server/platform/page-styles.server.ts";

/**
 * The production build's client files: /assets/… (hashed names, cached for a year) and the other public
 * files (favicon, icon sprite, images; cached for an hour). In development Vite serves them.
 */
export function staticFiles(buildDir: string): express.Router {
  const client = path.join(buildDir, "client");
  const router = express.Router();
  router.use(
    "/assets",
    express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  // The other public files are few and fixed: only their paths reach the file system, so a page request
  // does not pay for a failed stat first.
  const publicFiles = new Set(
    fs
      .readdirSync(client, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          `/${path.relative(client, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
      )
      .filter((file) => !file.startsWith("/assets/")),
  );
  const serveFile = express.static(client, { maxAge: "1h", index: false });
  // Browsers ask for /favicon.ico on documents that name no icon (a PDF opened in a tab): the site's icon is an SVG.
  router.get("/favicon.ico", (_req, res) => res.redirect(301, "/favicon.svg"));
  router.use((req, res, next) => (publicFiles.has(req.path) ? serveFile(req, res, next) : next()));
  return router;
}

/**
 * The rest of the site's stylesheet a public page links after its first paint (page-styles.server.ts): named by
 * its build and its first rule, so cached for a year; compressed once. Any other path under /styles/ goes on (404).
 */
export const restStylesheets: express.RequestHandler = (req, res, next) => {
  const gzipped = readRestStylesheet(req.path);
  if (!gzipped) return next();
  res.setHeader("Content-Type", "text/css; charset=utf-8");
  res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
  res.vary("Accept-Encoding");
  if (!req.acceptsEncodings("gzip")) return void res.send(zlib.gunzipSync(gzipped));
  res.setHeader("Content-Encoding", "gzip");
  res.send(gzipped);
};
