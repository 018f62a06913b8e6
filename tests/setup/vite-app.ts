// The real HTTP shell (server/app.ts), React Router's handler and the real route modules, loaded by Vite as
// `npm run dev` loads them: for the route tests that need whole pages rendered and answered over HTTP.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ViteDevServer } from "vite";
import type { Services } from "#app/server/services.server.ts";

export type ServedApp = { port: number; close(): Promise<void> };

/** Vite in middleware mode, to load the app's modules from (close it after the apps it served). */
export async function openVite(): Promise<ViteDevServer> {
  const { createServer } = await import("vite");
  return createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "error",
  });
}

/** The HTTP shell with these services on a free loopback port; close() stops the server, not the services. */
export async function serveApp(vite: ViteDevServer, services: Services): Promise<ServedApp> {
  const { createApp } = (await vite.ssrLoadModule("./server/app.ts")) as typeof import("../../server/app.ts");
  const server = http.createServer(createApp({ services }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
