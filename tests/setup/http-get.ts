import http from "node:http";

export type HttpPage = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A GET to a local test server with the headers given, Host included (fetch would not send a Host of our choosing). */
export function httpGet(port: number, path: string, headers: Record<string, string>): Promise<HttpPage> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on("error", reject);
  });
}
