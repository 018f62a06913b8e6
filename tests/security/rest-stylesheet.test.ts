// The rest of the site's stylesheet (decision 033): the one path a public page links answers CSS, cached for a
// year; any other path under /styles/ (another build, a made-up rule number, a way out of the folder) is a 404
// (a 400 for a malformed escape), never a file of the server's nor a 500, and other methods are refused.
import { rawRequest } from "./client.ts";
import { attack, check, connect } from "./harness.ts";

const { client } = connect();

attack("decision 033: the rest of the stylesheet, and hostile paths under /styles/", async () => {
  const home = await client.send("/");
  const rest = /c\.href="(\/styles\/[^"]+)"/.exec(home.body)?.[1];
  check(rest !== undefined, "the home page links no rest of the stylesheet");
  if (!rest) return undefined;

  const sent = await client.send(rest, { raw: true });
  check(sent.status === 200, `${rest} answered ${sent.status}`);
  check(
    sent.headers.get("content-type")?.startsWith("text/css"),
    `${rest}: ${sent.headers.get("content-type")}`,
  );
  check(/immutable/.test(sent.headers.get("cache-control") ?? ""), `${rest}: not cached for good`);
  check(sent.headers.get("x-content-type-options") === "nosniff", `${rest}: no nosniff`);
  check(
    sent.body.length > 1000 && sent.body.includes("{") && !/<(html|script|!doctype)/i.test(sent.body),
    `${rest}: not the stylesheet's rules`,
  );

  const build = /^\/styles\/site\.([\w-]+)\.(\d+)\.css$/.exec(rest)!;
  const hostile = [
    "/styles/",
    "/styles/site.css",
    `/styles/site.AAAAAAAAAA.${build[2]}.css`,
    `/styles/site.${build[1]}.99999.css`,
    `/styles/site.${build[1]}.999999999999.css`,
    `/styles/site.${build[1]}.-1.css`,
    `/styles/site.${build[1]}.0${build[2]}.css`,
    `/styles/site.${build[1]}.1e3.css`,
    `/styles/site.${build[1]}.${build[2]}.css/../../package.json`,
    "/styles/..%2f..%2fpackage.json",
    "/styles/%2e%2e/%2e%2e/server.ts",
    "/styles/..\\..\\package.json",
    `/styles/${"a".repeat(5000)}.css`,
    "/styles/%00.css",
    "/styles/%zz.css",
  ];
  for (const target of hostile) {
    const answer = await client.send(target);
    // A malformed escape is refused before any route (400); anything else is simply not there.
    const expected = target.includes("%zz") ? 400 : 404;
    check(answer.status === expected, `${target.slice(0, 80)} answered ${answer.status}, not ${expected}`);
    check(!answer.body.includes('"dependencies"'), `${target.slice(0, 80)} answered package.json`);
  }
  let refused = 0;
  for (const method of ["POST", "PUT", "DELETE", "TRACE"]) {
    const answer = await rawRequest(client.base, { method, path: rest });
    refused++;
    check(answer.status >= 400 && answer.status < 500, `${method} ${rest} answered ${answer.status}`);
  }
  return `${rest}: CSS, cached for good; ${hostile.length} other paths refused; ${refused} other methods refused`;
});
