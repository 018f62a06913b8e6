import crypto from "node:crypto";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { requestContext, servicesContext } from "#app/context.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import {
  FORM_UNREADABLE_MESSAGE,
  HONEYPOT_FIELD,
  INTENT_FIELD,
  type PublicFormName,
  type PublicFormReply,
  type SentSummary,
  SUBMISSION_KEY_FIELD,
} from "#app/schemas/rules/public-form.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { translatorFor } from "#app/server/i18n/words.server.ts";
import { consumeRateLimit, limitClientLookups } from "#app/server/platform/rate-limit.server.ts";

export const SUBMISSION_KEY_PATTERN = /^[A-Za-z0-9-]{16,64}$/;
/** Values echoed back into the form after an error are cut to this length (a 1 MB field is not sent back whole). */
const ECHO_MAX_LENGTH = 10_000;
const ECHO_MAX_ITEMS = 20;

/** A fresh submission key for one render of a form. */
export function newSubmissionKey(): string {
  return crypto.randomUUID();
}

/** More levels than any of our forms' field names have (`businessHours[0].days` has two). */
const MAX_NAME_DEPTH = 16;

/** How many levels a Conform field name has (`a[0].b` has two). */
function nameDepth(name: string): number {
  let depth = 0;
  for (const char of name) if (char === "[" || char === ".") depth++;
  return depth;
}

/**
 * The request's form data, or null when the body is not a form (wrong content type, broken multipart)
 * or a field name is nested deeper than any form's: Conform rebuilds nested names recursively, and a
 * name like `x[0][0]…` thousands of levels deep would overflow the stack (a 500).
 */
export async function readFormData(request: Request): Promise<FormData | null> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return null;
  }
  for (const name of formData.keys()) if (nameDepth(name) > MAX_NAME_DEPTH) return null;
  return formData;
}

export function tooManySubmissionsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many submissions from your address. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** The form a POST names in its one `intent` field, or null (missing, repeated or not text). */
export function readIntent(formData: FormData | null): string | null {
  const values = formData?.getAll(INTENT_FIELD) ?? [];
  return values.length === 1 && typeof values[0] === "string" ? values[0] : null;
}

/** The answer to a POST that names no known form or cannot be read: 400 with a message for the page. */
export function unreadableFormReply(form: PublicFormName | null = null, locale: Locale = "en") {
  const reply: PublicFormReply = {
    form,
    outcome: "invalid",
    result: { status: "error", error: { "": [translatorFor(locale)(FORM_UNREADABLE_MESSAGE)] } },
  };
  return data(reply, { status: 400 });
}

/** Only the schema's own fields, as sent; drops Conform's reserved names and anything else a client adds. */
function pickFields(formData: FormData, names: ReadonlySet<string>): FormData {
  const picked = new FormData();
  for (const [name, value] of formData.entries()) {
    if (names.has(name)) picked.append(name, value);
  }
  return picked;
}

function trimEcho(value: unknown): unknown {
  if (typeof value === "string") return value.slice(0, ECHO_MAX_LENGTH);
  if (Array.isArray(value)) return value.slice(0, ECHO_MAX_ITEMS).map(trimEcho);
  return undefined;
}

/** The answer's messages in the page's language (each message is its English text, decision 030). */
function inLanguage(result: SubmissionResult<string[]>, locale: Locale): SubmissionResult<string[]> {
  if (locale === "en" || !result.error) return result;
  const t = translatorFor(locale);
  const error = Object.fromEntries(
    Object.entries(result.error).map(([name, messages]) => [
      name,
      messages ? messages.map((message) => t(message)) : null,
    ]),
  );
  return { ...result, error };
}

/** The typed values kept for the form after an error, without oversized strings or long lists. */
function withTrimmedEcho(result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  if (!result.initialValue) return result;
  const initialValue = Object.fromEntries(
    Object.entries(result.initialValue).map(([name, value]) => [name, trimEcho(value)]),
  ) as SubmissionResult<string[]>["initialValue"];
  return { ...result, initialValue };
}

function isFilled(value: FormDataEntryValue | null): boolean {
  if (value === null) return false;
  return typeof value === "string" ? value.trim() !== "" : value.size > 0;
}

/**
 * The whole life of a public form POST: honeypot, validation with the form's zod schema (400 with
 * the messages and the typed values), the per-address rate limit (429), then `save` with the
 * submission key. Never throws: a failing database answers 503 with outcome "failed". A success
 * carries `summarize`'s account of what was sent, for the confirmation shown on the page.
 */
export async function submitPublicForm<Schema extends z.ZodObject>({
  context,
  formData,
  form,
  schema,
  save,
  summarize,
  locale = "en",
}: {
  context: Readonly<RouterContextProvider>;
  formData: FormData;
  form: PublicFormName;
  schema: Schema;
  /** The page's language: the messages of the answer are in it. */
  locale?: Locale;
  save: (args: { db: Db; value: z.output<Schema>; submissionKey: string }) => Promise<unknown>;
  summarize?: (value: z.output<Schema>) => SentSummary;
}) {
  const { db, config, logger } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const reset: SubmissionResult<string[]> = { initialValue: null };

  if (isFilled(formData.get(HONEYPOT_FIELD))) {
    logger.info({ form, clientIp }, "Form honeypot filled; nothing stored");
    return data<PublicFormReply>({ form, outcome: "success", result: reset }, { status: 200 });
  }

  let submission: Submission<z.input<Schema>, string[], z.output<Schema>>;
  try {
    submission = parseWithZod(pickFields(formData, new Set(Object.keys(schema.shape))), { schema });
  } catch {
    return unreadableFormReply(form, locale);
  }
  if (submission.status !== "success") {
    return data<PublicFormReply>(
      { form, outcome: "invalid", result: inLanguage(withTrimmedEcho(submission.reply()), locale) },
      { status: 400 },
    );
  }

  const sentKey = formData.get(SUBMISSION_KEY_FIELD);
  const submissionKey =
    typeof sentKey === "string" && SUBMISSION_KEY_PATTERN.test(sentKey) ? sentKey : newSubmissionKey();

  try {
    const limit = await consumeRateLimit({
      db,
      key: `form:${clientIp}`,
      limit: config.FORM_RATE_LIMIT,
      windowSeconds: config.FORM_RATE_WINDOW_SECONDS,
    });
    if (!limit.allowed) {
      logger.warn({ form, clientIp }, "Form rate limit reached");
      return data<PublicFormReply>(
        {
          form,
          outcome: "rate-limited",
          result: inLanguage(
            withTrimmedEcho(
              submission.reply({ formErrors: [tooManySubmissionsMessage(limit.retryAfterSeconds)] }),
            ),
            locale,
          ),
        },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
    await save({ db, value: submission.value, submissionKey });
  } catch (error) {
    logger.error({ err: error, form }, "Saving a form submission failed");
    return data<PublicFormReply>(
      { form, outcome: "failed", result: withTrimmedEcho(submission.reply()) },
      { status: 503 },
    );
  }
  return data<PublicFormReply>(
    { form, outcome: "success", result: reset, sent: summarize?.(submission.value) },
    { status: 200 },
  );
}

/** A public form page's `headers`: a refused post's Retry-After (429) reaches the visitor's browser. */
export function formPageHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/**
 * Counts one opening of a link that carries a secret token (confirm updates, unsubscribe, the delivery note)
 * against the request's client (decision 024): the seconds to wait when over the limit, else null.
 */
export async function limitLinkOpening(context: Readonly<RouterContextProvider>): Promise<number | null> {
  const { db, config } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const limit = await limitClientLookups({ db, config, clientIp, kind: "link" });
  return limit.allowed ? null : limit.retryAfterSeconds;
}

/** A 429 answer with its body for the page and Retry-After. */
export function tooManyRequests<Body>(body: Body, retryAfterSeconds: number) {
  return data(body, { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });
}
