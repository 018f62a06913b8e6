// Bounded load for the resilience suite (tests/resilience/bounded-load.test.ts): 50 virtual users for 60 s
// against one app process on its embedded PostgreSQL server, mixing page views, tracking lookups and form
// submissions. Passes when nothing fails (no 5xx, no failed connection, every form acknowledged, every
// answer the expected one) and the app's resident memory stays flat: the peak of the last 20 s at most 10 %
// above the peak of the first 20 s (sampled from /proc/<pid>/status every 500 ms).
import assert from "node:assert/strict";
import fs from "node:fs";
import type { AppProcess } from "../../scripts/lib/app-process.ts";

const BLOG_POST = "/blog/navigating-customs-clearance-in-west-africa";
const KNOWN_NUMBER = "UTG-1234-5678";
const REQUEST_TIMEOUT_MS = 30_000;
const MAX_GROWTH = 0.1;

type Outcome = { ok: boolean; detail?: string };
type Action = {
  name: string;
  weight: number;
  run: (signal: AbortSignal) => Promise<Outcome>;
};
export type SubmitQuote = (app: AppProcess, email: string, signal?: AbortSignal) => Promise<boolean>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GETs a page with the headers a browser sends; ok when the status is the expected one. */
async function view(app: AppProcess, path: string, expected: number, signal: AbortSignal): Promise<Outcome> {
  const response = await fetch(`${app.url}${path}`, {
    headers: { Accept: "text/html", "Accept-Encoding": "gzip" },
    redirect: "manual",
    signal,
  });
  await response.arrayBuffer();
  return response.status === expected
    ? { ok: true }
    : { ok: false, detail: `GET ${path}: HTTP ${response.status}` };
}

/** Posts one contact message the way a browser without JavaScript does; ok when the app says it is sent. */
async function submitContact(app: AppProcess, email: string, signal: AbortSignal): Promise<boolean> {
  const body = new URLSearchParams({
    intent: "contact",
    submissionKey: crypto.randomUUID(),
    name: "Load Tester",
    email,
    subject: "Shipping rates to Accra",
    message: "Please send me your current rates for a 20 ft container.",
  });
  return postContactPage({ app, body, signal, acknowledgement: "Message sent successfully!" });
}

/**
 * Posts a form of /contact as a browser without JavaScript does; true when the page answers 200 with
 * the form's acknowledgement.
 */
export async function postContactPage({
  app,
  body,
  signal,
  acknowledgement,
}: {
  app: AppProcess;
  body: URLSearchParams;
  signal?: AbortSignal;
  acknowledgement: string;
}): Promise<boolean> {
  const response = await fetch(`${app.url}/contact`, {
    method: "POST",
    body,
    headers: { Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
    signal,
  });
  const text = await response.text();
  return response.status === 200 && text.includes(acknowledgement);
}

/** Reads the app's resident set size (VmRSS, bytes). */
function rss(pid: number | undefined): number {
  const match = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const mb = (bytes: number) => Math.round(bytes / 1024 ** 2);

export async function boundedLoad({
  app,
  submitQuote,
  users = 50,
  seconds = 60,
  windowSeconds = 20,
}: {
  app: AppProcess;
  submitQuote: SubmitQuote;
  users?: number;
  seconds?: number;
  windowSeconds?: number;
}): Promise<string> {
  const run = `load-${Date.now()}`;
  let formsSent = 0;
  let formsAcknowledged = 0;
  const form =
    (post: (email: string, signal: AbortSignal) => Promise<boolean>) => async (signal: AbortSignal) => {
      const email = `${run}-${formsSent++}@example.com`;
      const acknowledged = await post(email, signal);
      if (acknowledged) formsAcknowledged++;
      return acknowledged ? { ok: true } : { ok: false, detail: "form not acknowledged" };
    };
  const unknownNumber = () => `UTG-9${String(Math.floor(Math.random() * 1e3)).padStart(3, "0")}-0000`;
  const actions: Action[] = [
    { name: "home", weight: 15, run: (signal) => view(app, "/", 200, signal) },
    { name: "services", weight: 10, run: (signal) => view(app, "/services", 200, signal) },
    { name: "blog", weight: 10, run: (signal) => view(app, "/blog", 200, signal) },
    { name: "blog post", weight: 10, run: (signal) => view(app, BLOG_POST, 200, signal) },
    { name: "tracking", weight: 20, run: (signal) => view(app, `/track/${KNOWN_NUMBER}`, 200, signal) },
    {
      name: "unknown tracking number",
      weight: 15,
      run: (signal) => view(app, `/track/${unknownNumber()}`, 404, signal),
    },
    { name: "quote", weight: 10, run: form((email, signal) => submitQuote(app, email, signal)) },
    { name: "contact", weight: 10, run: form((email, signal) => submitContact(app, email, signal)) },
  ];
  const totalWeight = actions.reduce((sum, action) => sum + action.weight, 0);
  const pick = () => {
    let n = Math.random() * totalWeight;
    for (const action of actions) {
      n -= action.weight;
      if (n < 0) return action;
    }
    return actions[0]!;
  };

  const latencies: number[] = [];
  const errors: string[] = [];
  const samples: Array<{ at: number; rss: number }> = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const sampler = setInterval(() => {
    samples.push({ at: (performance.now() - started) / 1000, rss: rss(app.child.pid) });
  }, 500);

  const user = async () => {
    while (performance.now() < deadline) {
      const action = pick();
      const sent = performance.now();
      try {
        const outcome = await action.run(AbortSignal.timeout(REQUEST_TIMEOUT_MS));
        if (!outcome.ok) errors.push(`${action.name}: ${outcome.detail}`);
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
        errors.push(`${action.name}: ${cause instanceof Error ? cause.message : String(cause)}`);
      }
      latencies.push(performance.now() - sent);
      // A short pause between clicks; 50 users still keep the one process busy.
      await sleep(50 + Math.random() * 200);
    }
  };
  try {
    await Promise.all(Array.from({ length: users }, user));
  } finally {
    clearInterval(sampler);
  }
  const elapsed = (performance.now() - started) / 1000;

  const sorted = [...latencies].sort((a, b) => a - b);
  const first = samples.filter((s) => s.at <= windowSeconds).map((s) => s.rss);
  const last = samples.filter((s) => s.at >= elapsed - windowSeconds).map((s) => s.rss);
  const firstPeak = Math.max(...first);
  const lastPeak = Math.max(...last);
  const growth = lastPeak / firstPeak - 1;
  const detail =
    `${latencies.length} requests (${Math.round(latencies.length / elapsed)}/s) from ${users} users in ${Math.round(elapsed)} s, ` +
    `${errors.length} errors, p50 ${Math.round(percentile(sorted, 50))} ms, p99 ${Math.round(percentile(sorted, 99))} ms; ` +
    `forms ${formsAcknowledged}/${formsSent} acknowledged; RSS peak ${mb(firstPeak)} MB in the first ${windowSeconds} s, ` +
    `${mb(lastPeak)} MB in the last ${windowSeconds} s (${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(1)} %)`;

  const distinct = [...new Set(errors)].slice(0, 5).join("; ");
  assert.equal(errors.length, 0, `${detail}\nerrors: ${distinct}`);
  assert.equal(formsAcknowledged, formsSent, detail);
  assert.ok(first.length > 0 && last.length > 0, `no memory samples: ${detail}`);
  assert.ok(growth <= MAX_GROWTH, `resident memory grew more than ${MAX_GROWTH * 100} %: ${detail}`);
  const health = await fetch(`${app.url}/healthz`);
  assert.equal(health.status, 200, "the app answers after the load");
  return detail;
}
