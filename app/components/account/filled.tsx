import type { ReactNode } from "react";

// A translated sentence with one value of data in it (an address, a name, a number): the sentence is filled
// with SLOT where the value goes, then the value is put there as an element (marked translate="no").

/** What a template's data placeholder is filled with before the value is put in its place. */
export const SLOT = "\u0000";

/** `text` with its SLOT replaced by `value`. */
export function Filled({ text, value }: { text: string; value: ReactNode }) {
  const [before, after = ""] = text.split(SLOT);
  return (
    <>
      {before}
      {value}
      {after}
    </>
  );
}

/** A value of data in a sentence: not translated (a name, an address, a company). */
export function Data({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span translate="no" className={className}>
      {children}
    </span>
  );
}
