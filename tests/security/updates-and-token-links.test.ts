// The security review on a second app of its own (TRACK_RATE_LIMIT=5, https SITE_URL, TRUST_PROXY): 'Get updates' and
// the token pages are rate limited, one client cannot fill a shipment's places, every cookie is Secure, and an
// http:// origin or another port is another origin.
import fs from "node:fs";
import { startApp } from "../../scripts/lib/app-process.ts";
import { Client, rawRequest } from "./client.ts";
import { URLENCODED } from "./corpus.ts";
import { attack, check, connect } from "./harness.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, encode } from "./requests.ts";

const { context, store, counts } = connect();

attack(
  "the security review: tracking numbers, places and links under the limits (own database, TRACK_RATE_LIMIT=5, https SITE_URL)",
  async () => {
    // Client addresses come from X-Forwarded-For (TRUST_PROXY), so each check starts with its own counts.
    const databaseUrl = await store.createDatabase("security_issue_32");
    const limited = await startApp({
      buildDir: context.buildDir,
      env: {
        SEED_DEMO: "true",
        LOG_LEVEL: "warn",
        DATABASE_URL: databaseUrl,
        TRACK_RATE_LIMIT: "5",
        TRUST_PROXY: "true",
        SITE_URL: "https://freight.example",
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
      },
    });
    const other = new Client(limited.url);
    const from = (ip: string) => ({ "X-Forwarded-For": ip });
    const number = "UTG-1234-5678";
    try {
      // 1. 'Get updates' (document and .data posts, found and unknown numbers) counts like a lookup.
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const target = `/track/${i % 2 ? `UTG-9${String(i).padStart(3, "0")}-0000` : number}/updates${i % 3 ? ".data" : ""}`;
        const sent = await other.send(target, {
          method: "POST",
          body: {
            ...encode([
              ["intent", "email"],
              ["email", `walker${i}@example.com`],
            ]),
            headers: from("198.51.100.40"),
          },
        });
        statuses.push(sent.status);
      }
      check(
        statuses.slice(5).every((status) => status === 429),
        `'Get updates' posts answered ${statuses.join(", ")} (429 from the sixth at the latest)`,
      );
      // 2. One client cannot fill a shipment's places with plus-addresses.
      const places: number[] = [];
      for (let i = 0; i < 5; i++) {
        const sent = await other.send(`/track/${number}/updates.data`, {
          method: "POST",
          body: {
            ...encode([
              ["intent", "email"],
              ["email", `mallory+${i}@example.com`],
            ]),
            headers: from(`198.51.100.41`),
          },
        });
        places.push(sent.status);
      }
      check(
        places.join() === "200,200,200,409,409",
        `plus-addresses from one client answered ${places.join(", ")}`,
      );
      // The consignee, from another address, still gets in.
      const consignee = await other.send(`/track/${number}/updates.data`, {
        method: "POST",
        body: {
          ...encode([
            ["intent", "email"],
            ["email", "grace@kollie-energy.example"],
          ]),
          headers: from("198.51.100.42"),
        },
      });
      check(consignee.status === 200, `the consignee's request answered ${consignee.status}`);
      // 3. With an https SITE_URL every cookie is Secure (the toast's too), and an http:// origin on SITE_URL's
      // host is another origin.
      const signedIn = await other.send("/admin-login", {
        method: "POST",
        body: {
          ...encode([
            ["email", ADMIN_EMAIL],
            ["password", ADMIN_PASSWORD],
          ]),
          headers: from("198.51.100.43"),
        },
      });
      const cookies = signedIn.headers.getSetCookie();
      check(
        cookies.some((c) => c.startsWith("toast=")),
        `no toast cookie after signing in (${cookies.join(" | ")})`,
      );
      for (const cookie of cookies)
        check(/;\s*Secure/i.test(cookie), `cookie without Secure: ${cookie.split(";")[0]}`);
      const plain = await rawRequest(limited.url, {
        method: "POST",
        path: "/contact",
        headers: {
          Host: "freight.example",
          Origin: "http://freight.example",
          "Content-Type": URLENCODED,
          "Content-Length": "0",
        },
      });
      check(plain.status === 403, `a post from http://freight.example answered ${plain.status}, not 403`);
      const port = await rawRequest(limited.url, {
        method: "POST",
        path: "/contact",
        headers: {
          Host: "freight.example",
          Origin: "https://freight.example:8443",
          "Content-Type": URLENCODED,
          "Content-Length": "0",
        },
      });
      check(port.status === 403, `a post from https://freight.example:8443 answered ${port.status}, not 403`);
      const same = await rawRequest(limited.url, {
        method: "POST",
        path: "/contact",
        headers: {
          Host: "freight.example",
          Origin: "https://freight.example",
          "Content-Type": URLENCODED,
          "Content-Length": "0",
        },
      });
      check(same.status !== 403, "a post from https://freight.example itself was refused");
      // 4. The secret-token pages are rate limited per client.
      const links: number[] = [];
      for (let i = 0; i < 7; i++) {
        const target =
          [`/subscribe/`, `/unsubscribe/`, `/delivery-note/`, `/invoice/`][i % 4]! + "B".repeat(43);
        links.push((await other.send(target, { headers: from("198.51.100.44") })).status);
      }
      check(
        links.slice(5).every((s) => s === 429),
        `token pages answered ${links.join(", ")} (429 after 5)`,
      );
      // 5. 'Show full details' (decision 029): its forms count like lookups, and codes are limited per address.
      const details: number[] = [];
      for (let i = 0; i < 20; i++) {
        const target = `/track/${i % 2 ? `UTG-9${String(i).padStart(3, "0")}-0000` : number}/details`;
        const sent = await other.send(target, {
          method: "POST",
          body: {
            ...encode([
              ["intent", i % 3 ? "contact" : "code"],
              ["contact", `walker${i}@example.com`],
              ["code", "123456"],
            ]),
            headers: from("198.51.100.45"),
          },
        });
        details.push(sent.status);
      }
      check(
        details.slice(5).every((status) => status === 429),
        `'Show full details' posts answered ${details.join(", ")} (429 from the sixth at the latest)`,
      );
      const perAddress: number[] = [];
      for (let i = 0; i < 6; i++) {
        const sent = await other.send(`/track/${number}/details`, {
          method: "POST",
          body: {
            ...encode([
              ["intent", "contact"],
              ["contact", "grace@kollie-energy.example"],
            ]),
            headers: from(`198.51.100.${50 + i}`),
          },
        });
        perAddress.push(sent.status);
      }
      // Past the address's five codes an hour nobody is refused, from any client: the newest asker is served the
      // code already sent, so no one can keep the owner out (decision 029).
      check(
        perAddress.join() === "302,302,302,302,302,302",
        `codes for one address from six clients answered ${perAddress.join(", ")}`,
      );
      return `'Get updates': ${statuses.filter((s) => s === 429).length} of 40 refused; plus-addresses ${places.join(", ")}; ${cookies.length} cookies Secure; token pages ${links.join(", ")}; details ${details.join(", ")}, per address ${perAddress.join(", ")}`;
    } finally {
      counts.ownApps += other.requests;
      await limited.stop();
      fs.rmSync(limited.dataDir, { recursive: true, force: true });
    }
  },
);
