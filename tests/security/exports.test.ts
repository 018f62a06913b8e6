// The list exports (CSV and .xlsx): signed in only, never cached, every formula-like cell quoted.

import { parse as parseCsv } from "csv-parse/sync";
import { readXlsx } from "#app/server/spreadsheets/xlsx-read.server.ts";
import { attack, check, connect } from "./harness.ts";

const { client, adminCookie, origin } = connect();

attack("exports: signed in only, never cached, every formula-like cell quoted (CSV and .xlsx)", async () => {
  let requests = 0;
  let cells = 0;
  const formula = /^[=+\-@\t\r]/;
  for (const list of ["shipments", "quote-requests", "contact-submissions"]) {
    for (const format of ["csv", "xlsx"] as const) {
      // A hostile search is only a search.
      const url = `/admin/${list}/export.${format}?q=${encodeURIComponent("'\"><script>")}&status=%00&sort=x`;
      const hostile = await client.send(url, { cookie: adminCookie(), raw: true });
      requests++;
      check(hostile.status === 200, `GET ${url}: status ${hostile.status}`);
      const sent = await client.send(`/admin/${list}/export.${format}`, {
        cookie: adminCookie(),
        raw: true,
      });
      requests++;
      check(sent.status === 200, `${list}.${format}: status ${sent.status}`);
      check(sent.headers.get("cache-control") === "private, no-store", `${list}.${format}: cached`);
      check(
        /^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.(csv|xlsx)"$/.test(
          sent.headers.get("content-disposition") ?? "",
        ),
        `${list}.${format}: Content-Disposition ${sent.headers.get("content-disposition")}`,
      );
      const rows =
        format === "csv"
          ? (parseCsv(sent.body.replace(/^\ufeff/, ""), { relax_column_count: true }) as string[][])
          : readXlsx(
              new Uint8Array(
                await (
                  await fetch(`${origin()}/admin/${list}/export.xlsx`, {
                    headers: { cookie: adminCookie() },
                  })
                ).arrayBuffer(),
              ),
              { maxRows: 100_000 },
            ).rows;
      for (const row of rows.slice(1)) {
        for (const cell of row) {
          cells++;
          check(
            !formula.test(cell) || /^-?\d/.test(cell),
            `${list}.${format}: a cell starts like a formula: ${cell.slice(0, 60)}`,
          );
        }
      }
    }
  }
  return `3 lists × 2 formats, ${cells} cells checked, ${requests} requests`;
});

attack(
  "the accountant's export (decision 026): hostile periods refused, Accounts' roles only, formula-like cells quoted",
  async () => {
    let requests = 0;
    let cells = 0;
    const formula = /^[=+\-@\t\r]/;
    for (const what of ["documents", "payments"]) {
      for (const format of ["csv", "xlsx"] as const) {
        for (const hostile of ["'\"><script>", "2026-02-31", "99999-01-01", "%00"]) {
          const url = `/admin/invoices/export.${format}?what=${what}&from=${encodeURIComponent(hostile)}&to=2026-12-31`;
          const refused = await client.send(url, { cookie: adminCookie(), raw: true });
          requests++;
          check(refused.status === 400, `GET ${url}: status ${refused.status}`);
        }
        const url = `/admin/invoices/export.${format}?what=${what}&from=2000-01-01&to=2100-12-31`;
        const anonymous = await client.send(url, { raw: true });
        requests++;
        check(anonymous.status === 302, `${url} without a session: status ${anonymous.status}`);
        const sent = await fetch(`${origin()}${url}`, { headers: { cookie: adminCookie() } });
        requests++;
        check(sent.status === 200, `${url}: status ${sent.status}`);
        check(sent.headers.get("cache-control") === "private, no-store", `${url}: cached`);
        const bytes = new Uint8Array(await sent.arrayBuffer());
        const rows =
          format === "csv"
            ? (parseCsv(new TextDecoder().decode(bytes).replace(/^\ufeff/, ""), {
                relax_column_count: true,
              }) as string[][])
            : readXlsx(bytes, { maxRows: 100_000 }).rows;
        for (const row of rows.slice(1)) {
          for (const cell of row) {
            cells++;
            check(
              !formula.test(cell) || /^-?\d/.test(cell),
              `${url}: a cell starts like a formula: ${cell.slice(0, 60)}`,
            );
          }
        }
      }
    }
    return `2 tables × 2 formats, ${cells} cells checked, ${requests} requests`;
  },
);
