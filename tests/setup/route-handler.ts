// React Router's own request handler over the whole app's route table (app/routes.ts) with the real route
// modules: their middleware, loaders and actions, against a test database. The route-and-role test and the
// customer isolation test send every request through it, as the server runs them.
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  createStaticHandler,
  type RouteObject,
  type RouterContextProvider,
  type StaticHandlerContext,
} from "react-router";
import routeConfig from "#app/routes.ts";

export type RouteModule = {
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
  middleware?: unknown[];
};

/** A route of the table: its id, its full URL pattern ("/admin/shipments/:id"), its module. */
export type AppRoute = { id: string; pattern: string; module: RouteModule; index: boolean };

const APP_DIR = path.resolve("app");
const routeId = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.[^.]+$/, "");
const joinPath = (parent: string, child: string | undefined) =>
  [parent, child].filter((part) => part !== undefined && part !== "").join("/");

async function buildRoutes(
  entries: RouteConfigEntry[],
  parentPath: string,
  found: AppRoute[],
): Promise<RouteObject[]> {
  const routes: RouteObject[] = [];
  for (const entry of entries) {
    const module = (await import(path.join(APP_DIR, entry.file))) as RouteModule;
    const fullPath = joinPath(parentPath, entry.path);
    const id = routeId(entry);
    // A pathless layout is not an address of its own.
    if (entry.path !== undefined || entry.index) {
      found.push({ id, pattern: `/${fullPath}`, module, index: entry.index === true });
    }
    const children = entry.children ? await buildRoutes(entry.children, fullPath, found) : undefined;
    routes.push({
      id,
      path: entry.path,
      index: entry.index,
      loader: module.loader,
      action: module.action,
      middleware: module.middleware,
      hasErrorBoundary: true,
      ...(entry.index ? {} : { children }),
    } as RouteObject);
  }
  return routes;
}

export type AppHandler = {
  routes: AppRoute[];
  /** One request through the handler, middleware included; a page's data comes back as JSON. */
  send(request: Request, context: RouterContextProvider): Promise<{ response: Response; body: string }>;
};

export async function createAppHandler(): Promise<AppHandler> {
  const root = (await import(path.join(APP_DIR, "root.tsx"))) as RouteModule;
  const routes: AppRoute[] = [];
  const children = await buildRoutes(routeConfig, "", routes);
  const handler = createStaticHandler([
    {
      id: "root",
      path: "",
      loader: root.loader,
      middleware: root.middleware,
      hasErrorBoundary: true,
      children,
    },
  ] as unknown as RouteObject[]);
  return {
    routes,
    async send(request, context) {
      const response = (await handler.query(request, {
        requestContext: context,
        generateMiddlewareResponse: async (query) => {
          const result = await query(request);
          if (result instanceof Response) return result;
          const ctx = result as StaticHandlerContext;
          const payload = { loaderData: ctx.loaderData, actionData: ctx.actionData, errors: ctx.errors };
          return new Response(JSON.stringify(payload), { status: ctx.statusCode });
        },
      })) as Response;
      return { response, body: await response.text() };
    },
  };
}
