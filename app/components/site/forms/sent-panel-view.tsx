// The confirmation after a public form was sent (sent-panel.tsx loads it when it shows).
import { useEffect, useRef } from "react";
import { useT } from "#app/lib/i18n/use-words.ts";
import type { SentSummary } from "#app/schemas/rules/public-form.ts";

export type SentPanelOptions = {
  /** The form's id: 'Send another' leads back to it. */
  formId: string;
  /** The panel's heading, e.g. 'Your message has been sent'. */
  title: string;
  /** The 'Send another …' control's text. */
  againLabel: string;
  /** The success toast's words, which the panel carries when there is no toast (no JavaScript). */
  notice: { title: string; description?: string };
};

export default function SentPanel({
  formId,
  title,
  againLabel,
  notice,
  sent,
  hydrated,
  onAgain,
}: SentPanelOptions & { sent: SentSummary | undefined; hydrated: boolean; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const t = useT();
  const titleId = `${formId}-sent`;

  // A panel that appears in the browser (not one the server rendered) takes the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the panel appears
  useEffect(() => {
    if (hydrated) heading.current?.focus();
  }, []);

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-lg border border-green-300 bg-green-50 p-5 text-green-950"
    >
      <h3 ref={heading} id={titleId} tabIndex={-1} className="scroll-mt-24 text-lg font-semibold">
        {t(title)}
      </h3>
      {hydrated ? null : (
        <p role="status">
          {t(notice.title)}
          {notice.description ? ` ${t(notice.description)}` : null}
        </p>
      )}
      <p className="mt-2">
        {sent ? (
          <>
            {t("We will answer at")} <strong className="break-all">{sent.email}</strong>
            {t(", usually within one business day.")}
          </>
        ) : (
          t("We will answer you, usually within one business day.")
        )}
      </p>
      {sent ? (
        <dl className="mt-3 text-sm">
          {sent.details.map((detail) => (
            <div key={detail.label}>
              <dt className="inline font-semibold">{t(detail.label)}: </dt>
              {/* What the visitor typed (cities, a subject), in their words. */}
              <dd translate="no" className="inline break-words">
                {detail.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {/* Without JavaScript the emptied form is right below; with it, the form comes back. */}
      <a
        href={`#${formId}`}
        onClick={(event) => {
          event.preventDefault();
          onAgain();
        }}
        className="mt-4 inline-block font-semibold underline underline-offset-4"
      >
        {t(againLabel)}
      </a>
    </section>
  );
}
