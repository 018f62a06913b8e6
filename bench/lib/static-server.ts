// The same bytes as a static file: one saved page served by a plain Node http server in a process of its own
// (its gzip computed once, as a static server with precompressed files does), the floor any page can reach.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const SERVER = `
const http = require("node:http");
const fs = require("node:fs");
const zlib = require("node:zlib");
const raw = fs.readFileSync(process.env.PAGE_FILE);
const gzip = zlib.gzipSync(raw);
const server = http.createServer((request, response) => {
  const gzipped = /\\bgzip\\b/.test(request.headers["accept-encoding"] || "");
  response.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": gzipped ? gzip.length : raw.length,
    ...(gzipped ? { "Content-Encoding": "gzip", Vary: "Accept-Encoding" } : {}),
  });
  response.end(gzipped ? gzip : raw);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ port: server.address().port, gzip: gzip.length })));
`;

export type StaticServer = { url: string; pid: number; gzipBytes: number; stop(): Promise<void> };

/** Serves `page` (an HTML page's bytes) for every GET until stopped. */
export async function startStaticServer(page: Buffer): Promise<StaticServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-static-"));
  const file = path.join(dir, "page.html");
  fs.writeFileSync(file, page);
  const child = spawn(process.execPath, ["-e", SERVER], {
    env: { ...process.env, PAGE_FILE: file },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const { port, gzip } = await new Promise<{ port: number; gzip: number }>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the static server exited with ${code}`)));
    child.stdout.setEncoding("utf8").once("data", (line: string) => resolve(JSON.parse(line)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    gzipBytes: gzip,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
