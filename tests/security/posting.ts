// Posting the corpus to a target (a form or an admin action of targets.ts): the hostile values in its strict
// fields and the malformed bodies must all be refused with nothing changed; the hostile values in its free-text
// fields must be refused, or stored exactly as typed.
import type { Sent } from "./client.ts";
import { pool } from "./client.ts";
import {
  asText,
  type Body,
  type Entries,
  type FieldValue,
  type ShapePayload,
  shapePayloads,
  valuePayloads,
} from "./corpus.ts";
import { type App, check, fail } from "./harness.ts";
import { encode, successful } from "./requests.ts";
import { changedParts, type Fingerprint } from "./store.ts";
import type { Target } from "./targets.ts";

const BROKEN = "!invalid!";
const SLOW_MS = 4000;

/** The target's fields with `name` set to `value` (a repeated field becomes one). */
export function withField(entries: Entries, name: string, value: FieldValue): Entries {
  let done = false;
  const out: Entries = [];
  for (const [n, v] of entries) {
    if (n !== name) out.push([n, v]);
    else if (!done) {
      out.push([n, value]);
      done = true;
    }
  }
  if (!done) out.push([name, value]);
  return out;
}

type Post = { label: string; body: Body; payload: string };

/** Posts that must all be refused: each value in a strict field, each malformed body with a strict field broken. */
function refusedRequests(target: Target): Post[] {
  const requests: Post[] = [];
  valuePayloads.forEach((payload, i) => {
    const field = target.strict[i % target.strict.length]!;
    requests.push({
      label: `${payload.name} in ${field}`,
      body: encode(withField(target.fields(), field, payload.value), payload.encoding),
      payload: payload.name,
    });
  });
  for (const shape of shapePayloads) {
    if (shape.needsFields && target.noFields) continue;
    requests.push({
      label: shape.name,
      body: shape.build(withField(target.fields(), target.strict[0]!, BROKEN)),
      payload: shape.name,
    });
  }
  return requests;
}

/** Posts with valid fields and the hostile value in the free-text fields: stored as they are, or refused. */
function textRequests(target: Target): (Post & { fields: string[]; value?: string })[] {
  const requests: (Post & { fields: string[]; value?: string })[] = [];
  for (const payload of valuePayloads) {
    const fields = payload.single ? target.text.slice(0, 1) : target.text;
    let entries = target.fields();
    for (const field of fields) entries = withField(entries, field, payload.value);
    requests.push({
      label: `${payload.name} in ${fields.join(", ")}`,
      body: encode(entries, payload.encoding),
      payload: payload.name,
      fields,
      value: asText(payload.value),
    });
  }
  for (const shape of shapePayloads.filter((s: ShapePayload) => s.withValidFields)) {
    if (shape.needsFields && target.noFields) continue;
    requests.push({
      label: `${shape.name} (valid fields)`,
      body: shape.build(target.fields()),
      payload: shape.name,
      fields: [],
    });
  }
  return requests;
}

const send = (app: App, target: Target, body: Body) =>
  app.client.send(target.path, {
    method: "POST",
    body,
    cookie: target.customer ? app.f.customerCookie : target.session ? app.adminCookie() : null,
  });

/** Posts the refused corpus to each target, 4 at a time; returns the number of posts. */
export async function refuseAll(app: App, targets: Target[]) {
  let requests = 0;
  for (const target of targets) {
    const list = refusedRequests(target);
    await app.unchanged(`${target.name}: refused posts`, () =>
      pool(list, 4, async (request) => {
        const sent = await send(app, target, request.body);
        check(sent.ms < SLOW_MS, `${target.name}: ${request.label} took ${Math.round(sent.ms)} ms`);
      }),
    );
    requests += list.length;
  }
  app.counts.corpus += requests;
  return requests;
}

export const attributed = (stored: number, refused: number) =>
  `${stored} stored as typed, ${refused} refused`;

/** Expected stored forms of a typed value: trimmed, and with line breaks normalised. */
const storedForms = (value: string) => [...new Set([value.trim(), value.trim().replace(/\r\n?/g, "\n")])];

/** Posts the hostile text to each target one at a time, each followed by a look at what changed. */
export async function storeOrRefuseAll(app: App, targets: Target[]) {
  let stored = 0;
  let refused = 0;
  for (const target of targets) {
    let before: Fingerprint = await app.store.fingerprint();
    const list = textRequests(target);
    for (const request of list) {
      const sent: Sent = await send(app, target, request.body);
      check(sent.ms < SLOW_MS, `${target.name}: ${request.label} took ${Math.round(sent.ms)} ms`);
      const after = await app.store.fingerprint();
      const changed = changedParts(before, after);
      before = after;
      if (changed.length === 0) {
        refused++;
        continue;
      }
      stored++;
      if (!successful(sent)) {
        fail(`${target.name}: ${request.label} answered ${sent.status} but changed ${changed.join(", ")}`);
        continue;
      }
      // An optional field left blank (whitespace only) is stored empty.
      if (target.store && request.value !== undefined && request.value.trim() !== "") {
        for (const field of request.fields) {
          const column = target.store.columns[field];
          if (!column) continue;
          const count = await app.store.countWhere(target.store.table, column, storedForms(request.value));
          check(
            count > 0,
            `${target.name}: ${request.label} was accepted but ${target.store.table}.${column} does not hold the text as typed`,
          );
        }
      }
    }
    app.counts.corpus += list.length;
  }
  return { stored, refused };
}
