import { type ReactNode, Suspense, useEffect, useState } from "react";
import { useHydrated } from "#app/components/site/forms/contact-form-parts.tsx";
import type { SentPanelOptions } from "#app/components/site/forms/sent-panel-view.tsx";
import { lazyView } from "#app/lib/lazy-view.ts";
import type { PublicFormReply } from "#app/schemas/rules/public-form.ts";

// The panel shows only after a message is sent: its code loads then (and with the server's page after a post
// without JavaScript), not with every page that has a form (decision 023).
const SentPanel = lazyView(() => import("#app/components/site/forms/sent-panel-view.tsx"));

const FIRST_FIELD = "input:not([type=hidden]):not([tabindex='-1']), select, textarea";

/**
 * After a successful submission a confirmation stays on the page (the toast goes after 4 s): what was
 * sent, the e-mail address the answer goes to and how soon. With JavaScript the form hides behind it
 * and the panel's heading takes the focus (so screen readers read it, and the focus is not lost with
 * the hidden submit button); 'Send another …' brings the form back and focuses its first field.
 * Without JavaScript the panel shows above the emptied form and 'Send another …' leads to it.
 */
export function useSentPanel(
  reply: PublicFormReply | undefined,
  options: SentPanelOptions,
): { panel: ReactNode; formHidden: boolean } {
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState<PublicFormReply | null>(null);
  const shown = reply?.outcome === "success" && reply !== dismissed;

  useEffect(() => {
    if (!dismissed) return;
    document.getElementById(options.formId)?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, [dismissed, options.formId]);

  if (!shown) return { panel: null, formHidden: false };
  return {
    panel: (
      <Suspense>
        <SentPanel {...options} sent={reply.sent} hydrated={hydrated} onAgain={() => setDismissed(reply)} />
      </Suspense>
    ),
    formHidden: hydrated,
  };
}
