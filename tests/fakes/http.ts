/** A loopback HTTP server for the fake providers: reads form bodies, records requests, closes cleanly. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  form: URLSearchParams;
  /** The body as text (JSON APIs read it themselves). */
  body: string;
};

export type FakeAnswer = { status: number; headers?: Record<string, string>; body: string };

export async function startFakeServer(
  handle: (request: RecordedRequest) => FakeAnswer | "hang",
): Promise<{ url: string; requests: RecordedRequest[]; close(): Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const recorded: RecordedRequest = {
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      form: new URLSearchParams(body),
      body,
    };
    requests.push(recorded);
    const answer = handle(recorded);
    if (answer === "hang") {
      hanging.add(res);
      return;
    }
    res.writeHead(answer.status, answer.headers ?? {});
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): FakeAnswer {
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body: JSON.stringify(body),
  };
}

export function text(status: number, body: string, headers: Record<string, string> = {}): FakeAnswer {
  return { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers }, body };
}

export function randomHex(length: number): string {
  let out = "";
  while (out.length < length) out += Math.floor(Math.random() * 16).toString(16);
  return out;
}
