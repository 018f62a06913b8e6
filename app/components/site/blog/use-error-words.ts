import { useMemo } from "react";
import { isRouteErrorResponse } from "react-router";
import { makeTranslate, type Translate } from "#app/lib/i18n/translate.ts";
import { useT, type WithWords } from "#app/lib/i18n/use-words.ts";

/**
 * A translator for a blog page's error boundary. A loader that answers 'not found' cannot return its page's
 * words, so it sends them with the 404 (`throw data({ message, words }, { status: 404 })`); any other error has
 * only the layout's.
 */
export function useErrorT(error: unknown): Translate {
  const t = useT();
  const words = isRouteErrorResponse(error) ? (error.data as WithWords | null)?.words : undefined;
  return useMemo(() => (words ? makeTranslate(words) : t), [words, t]);
}
