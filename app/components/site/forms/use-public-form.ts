import type { SubmissionResult } from "@conform-to/react";
import { type FormEvent, type SyntheticEvent, useEffect, useRef, useState } from "react";
import type { Catalog } from "#app/lib/i18n/translate.ts";
import { useT, useWords } from "#app/lib/i18n/use-words.ts";
import type { FieldErrors } from "#app/schemas/rules/form-rules.ts";

/**
 * The browser side of a public form, small enough for the page-weight budget: the server parses and
 * answers with Conform (app/server/forms.server.ts), and this hook reads that answer and behaves as
 * Conform's useForm did here: a field is checked when it loses focus, then again on every change;
 * a submit checks every field, stops on errors and focuses the first wrong field; the server's
 * messages and typed values show after a post (with or without JavaScript); a success resets the form.
 *
 * The checks themselves (public-form-checks.ts) load when a field of the form first takes the focus: a
 * visitor who only reads the page never downloads them. A submit before that (autofill and Enter) waits
 * for them; if they cannot load (the connection dropped), the form posts and the server checks it.
 */

type Value = string | string[] | undefined;

/** The browser's check of the whole form: each field's messages. */
/** A form's check; with the page's French words, its messages come out in French. */
export type FormCheck = (formData: FormData, words?: Catalog) => FieldErrors;

export type PublicFieldMeta = {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  errors: string[] | undefined;
  initialValue: Value;
  /** Changes when the form resets, so the control remounts with its default value. */
  key: string;
};

type State = {
  /** The answer last applied (a new one replaces errors and values). */
  result: SubmissionResult<string[]> | null;
  /** The messages shown: "" holds the form's own (e.g. the rate limit). */
  errors: FieldErrors;
  /** Fields checked at least once; only their messages show. */
  validated: ReadonlySet<string>;
  initialValue: Record<string, unknown>;
  generation: number;
  /** Bumped when the first wrong field should take the focus. */
  focusRequest: number;
};

function serverErrors(result: SubmissionResult<string[]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(result.error ?? {})) {
    if (messages?.length) errors[name] = messages;
  }
  return errors;
}

function stateFor(
  result: SubmissionResult<string[]> | null,
  defaultValue: Record<string, unknown>,
  previous?: State,
): State {
  const generation = previous?.generation ?? 0;
  const focusRequest = previous?.focusRequest ?? 0;
  const empty = {
    result,
    errors: {},
    validated: new Set<string>(),
    initialValue: defaultValue,
    focusRequest,
  };
  if (!result) return { ...empty, generation };
  // A success answers { initialValue: null }: back to an empty form.
  if (result.initialValue === null) return { ...empty, generation: generation + 1 };
  const errors = serverErrors(result);
  return {
    result,
    errors,
    // The server checked every field: from now on each one is checked again as it changes.
    validated: new Set([...Object.keys(defaultValue), ...Object.keys(errors)]),
    // The typed values are the controls' defaults on the first render (no JavaScript, or the
    // server's page after a post); later answers leave what is typed in place.
    initialValue: previous ? previous.initialValue : { ...defaultValue, ...result.initialValue },
    generation,
    focusRequest: previous && result.status === "error" ? focusRequest + 1 : focusRequest,
  };
}

const INVALID_CONTROL = ["input", "select", "textarea"].map((tag) => `${tag}[aria-invalid="true"]`).join();

function pick(errors: FieldErrors, names: ReadonlySet<string>): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([name]) => names.has(name)));
}

function isField(
  element: EventTarget,
): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
  return (
    (element instanceof HTMLInputElement ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement) &&
    element.name !== ""
  );
}

export function usePublicForm<Name extends string>({
  id,
  lastResult,
  defaultValue,
  loadCheck,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | null;
  defaultValue: Record<Name, string | string[]>;
  /** Imports the form's check (a dynamic import, so it is a file of its own). */
  loadCheck: () => Promise<FormCheck>;
}) {
  const [state, setState] = useState(() => stateFor(lastResult, defaultValue));
  // The server answers in the page's language; the browser's checks are given the page's words and answer in
  // it too (public-form-checks.ts).
  const t = useT();
  const words = useWords();
  const inLanguage = (messages: string[] | undefined) => messages?.map((message) => t(message));
  const formRef = useRef<HTMLFormElement>(null);
  const checkRef = useRef<FormCheck | null>(null);
  const loading = useRef<Promise<FormCheck | null> | null>(null);
  /** Set for the one submit that goes ahead unchecked because the checks could not load. */
  const postUnchecked = useRef(false);

  function ensureCheck(): Promise<FormCheck | null> {
    loading.current ??= loadCheck().then(
      (loaded) => (checkRef.current = loaded),
      () => {
        // Tried again at the next focus; meanwhile the server checks what is sent.
        loading.current = null;
        return null;
      },
    );
    return loading.current;
  }

  // A new answer from the server (a later one than the page was rendered with).
  if (lastResult && lastResult !== state.result) setState(stateFor(lastResult, defaultValue, state));

  // Runs after the messages are rendered: the first control marked invalid, in the form's order.
  useEffect(() => {
    if (state.focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>(INVALID_CONTROL)?.focus();
  }, [state.focusRequest]);

  /**
   * Checks the form's checked fields, with `name` added to them. The set is read from the state when the check
   * lands, not from this render: fields left one after another before the checks load each keep their message.
   */
  async function check(form: HTMLFormElement, name?: string) {
    const validate = checkRef.current ?? (await ensureCheck());
    if (!validate) return;
    setState((current) => {
      const validated = name ? new Set([...current.validated, name]) : current.validated;
      return { ...current, validated, errors: pick(validate(new FormData(form), words), validated) };
    });
  }

  function onFocus() {
    if (!checkRef.current) void ensureCheck();
  }

  function onBlur(event: SyntheticEvent<HTMLFormElement>) {
    const element = event.target;
    if (!isField(element) || state.validated.has(element.name)) return;
    void check(event.currentTarget, element.name);
  }

  function onInput(event: SyntheticEvent<HTMLFormElement>) {
    const element = event.target;
    if (isField(element) && state.validated.has(element.name)) void check(event.currentTarget);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    if (postUnchecked.current) {
      postUnchecked.current = false;
      return;
    }
    const validate = checkRef.current;
    if (!validate) {
      // Submitted before any field had the focus: check once the checks are here, then submit again.
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      void ensureCheck().then((loaded) => {
        postUnchecked.current = loaded === null;
        form.requestSubmit(submitter);
      });
      return;
    }
    const errors = validate(new FormData(form), words);
    const names = new Set([...Object.keys(defaultValue), ...Object.keys(errors)]);
    const invalid = Object.keys(errors).length > 0;
    if (invalid) event.preventDefault();
    setState((current) => ({
      ...current,
      validated: names,
      errors,
      focusRequest: invalid ? current.focusRequest + 1 : current.focusRequest,
    }));
  }

  const formErrors = inLanguage(state.errors[""]);
  const errorId = `${id}-error`;
  const fields = Object.fromEntries(
    Object.keys(defaultValue).map((name) => {
      const fieldId = `${id}-${name}`;
      const meta: PublicFieldMeta = {
        id: fieldId,
        name,
        formId: id,
        errorId: `${fieldId}-error`,
        errors: inLanguage(state.errors[name]),
        initialValue: state.initialValue[name] as Value,
        key: `${name}-${state.generation}`,
      };
      return [name, meta];
    }),
  ) as Record<Name, PublicFieldMeta>;

  return {
    form: {
      errorId,
      errors: formErrors,
      props: {
        id,
        ref: formRef,
        noValidate: true,
        onSubmit,
        onFocus,
        onBlur,
        onInput,
        "aria-describedby": formErrors ? errorId : undefined,
      },
    },
    fields,
  };
}

/** The attributes of a field's control: its name and id, the form, its default, and its error wiring. */
export function controlProps(meta: PublicFieldMeta) {
  const invalid = meta.errors !== undefined;
  const value = meta.initialValue;
  return {
    id: meta.id,
    name: meta.name,
    form: meta.formId,
    // An empty default is no default (as Conform rendered it: no value attribute, no selected option).
    defaultValue: typeof value === "string" && value !== "" ? value : undefined,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? meta.errorId : undefined,
  };
}
