import { createContext, useContext } from "react";

/**
 * The page's stylesheet (app/server/platform/page-styles.server.ts), which the server render writes into every
 * page's <head> (entry.server.tsx): a page paints from its own HTML, without waiting for a stylesheet request
 * (docs/decisions/023-public-page-weight.md, 033-first-screen-styles.md). Empty in the browser, where
 * it is only hydrated.
 */
export const DocumentStylesContext = createContext("");

export function DocumentStyles({ nonce }: { nonce: string | undefined }) {
  const css = useContext(DocumentStylesContext);
  // The browser renders it empty: React leaves the server's contents of an element set with
  // dangerouslySetInnerHTML in place when it hydrates, and never updates it afterwards (the props stay "").
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own stylesheet, built from app/*.css; no input
  return <style nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
