import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import { DocumentStylesContext } from "#app/lib/document-styles.tsx";
import { NonceContext } from "#app/lib/nonce.ts";
import { loggedUrl } from "#app/lib/request-path.ts";
import { deferPageScripts } from "#app/server/platform/deferred-scripts.server.ts";
import { fitPageStyles, stylesheetFor } from "#app/server/platform/page-styles.server.ts";

export const streamTimeout = 5_000;

/**
 * Renders the whole document, then answers with it in one piece. The pages have no Suspense
 * boundaries (loaders resolve before rendering), so streaming would send the same bytes no sooner,
 * in many small chunks, each flushed through gzip separately: one buffer compresses smaller and
 * costs less CPU.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestContext);

  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let shellRendered = false;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        const page = fitPageStyles(Buffer.concat(chunks));
        resolve(
          new Response(deferPageScripts(page.html, nonce, page.rest), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        callback();
      },
    });
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <DocumentStylesContext value={stylesheetFor(new URL(request.url).pathname)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </DocumentStylesContext>
      </NonceContext>,
      {
        nonce,
        // Every Suspense boundary's content in place, never moved out to be swapped in by a script: the page is
        // sent when all is ready (onAllReady), and a visitor without JavaScript must see a boundary's content (a
        // form's confirmation, a not-found view). React otherwise moves boundaries out past a byte count.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady: () => pipe(sink),
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject (React Router logs them); later ones are logged here.
          if (shellRendered) loadContext.get(servicesContext).logger.error({ err: error }, "Render failed");
        },
      },
    );
  });
}

export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: RouterContextProvider },
) {
  // Aborted requests, and React Router's own answers to bad requests (a POST to a page without an
  // action is a 405), are not failures of ours.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  context.get(servicesContext).logger.error({ err: error, url: loggedUrl(request.url) }, "Unhandled error");
}
