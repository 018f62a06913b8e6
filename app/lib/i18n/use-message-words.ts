// Finished messages in the page's language (decision 030): a message the server built from a template ('The amount
// can have at most 2 decimals in USD') read back through the page's French catalog. Apart from use-words.ts, so
// only the pages that show such messages carry the reader (translate-messages.ts).
import { useMemo } from "react";
import type { Translate } from "#app/lib/i18n/translate.ts";
import { makeMessageTranslate } from "#app/lib/i18n/translate-messages.ts";
import { useWords } from "#app/lib/i18n/use-words.ts";

export function useMessageT(): Translate {
  const words = useWords();
  return useMemo(() => makeMessageTranslate(words), [words]);
}
