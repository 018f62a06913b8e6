// A public page rendered as the server renders it, inside the public layout's data (its words and, on a French
// page, the address table its links use): the real layout loader at the same address, the page's own data given.
import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { loader as layoutLoader } from "#app/routes/site/layout.tsx";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext } from "#tests/setup/test-db.ts";

/** The HTML of `Page` at `path` (matching `pattern`), with its loader's and action's data. */
export async function renderSitePage({
  services,
  pattern,
  path,
  Page,
  loaderData,
  actionData,
}: {
  services: Services;
  pattern: string;
  path: string;
  Page: unknown;
  loaderData: unknown;
  actionData?: unknown;
}): Promise<string> {
  const layout = await layoutLoader({
    request: new Request(`https://freight.example${path}`),
    params: {},
    context: createTestContext(services),
  } as never);
  const Stub = createRoutesStub([
    {
      id: "routes/site/layout",
      Component: Outlet,
      children: [{ id: "page", path: pattern, Component: Page as never }],
    },
  ]);
  const hydrationData = {
    loaderData: { "routes/site/layout": layout, page: loaderData },
    actionData: actionData ? { page: actionData } : null,
  };
  const html = renderToString(<Stub initialEntries={[path]} hydrationData={hydrationData} />);
  // Intl writes French numbers with narrow no-break spaces (U+202F) and a no-break space before the symbol.
  return html.replace(/[\u202f\u00a0]/g, " ").replaceAll("<!-- -->", "");
}
