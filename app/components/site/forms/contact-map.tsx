import { useState } from "react";
import { useHydrated } from "#app/components/site/forms/contact-form-parts.tsx";
import { Icon } from "#app/components/site/icons.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { useT } from "#app/lib/i18n/use-words.ts";

/** The map's addresses and its note in the page's language (app/content/office-map.ts), from the page's loader. */
export type OfficeMap = { embedUrl: string; pageUrl: string; note: string };

/**
 * The office on a map. Nothing is loaded from OpenStreetMap until the visitor asks for it ('Show map',
 * once JavaScript runs); the plain link always works, and a map that fails to load breaks nothing. Its addresses
 * and note come as the page's data, not its script (/contact is at its JavaScript budget, decision 023).
 */
export function ContactMap({ address, map }: { address: string; map: OfficeMap }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const t = useT();
  return (
    <div>
      {/* At least 18rem tall: a phone's 16:9 box is too short for the address, 'Show map' and its note. */}
      <div className="relative aspect-[16/9] max-h-[28rem] min-h-72 w-full overflow-hidden rounded-xl border border-slate-200 bg-brand-50">
        {shown ? (
          <iframe
            src={map.embedUrl}
            title={t("Map: {address}", { address })}
            loading="lazy"
            referrerPolicy="no-referrer"
            sandbox="allow-scripts allow-same-origin allow-popups"
            className="absolute inset-0 size-full border-0"
          />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 p-6 text-center">
            <Icon name="map-pin" aria-hidden="true" className="size-10 text-accent-600" />
            <p translate="no" className="font-medium text-brand-900">
              {address}
            </p>
            {hydrated ? (
              <>
                <button
                  type="button"
                  className={buttonClass({ className: "shrink-0" })}
                  onClick={() => setShown(true)}
                >
                  {t("Show map")}
                </button>
                <p className="max-w-sm text-xs text-slate-600">{map.note}</p>
              </>
            ) : null}
          </div>
        )}
      </div>
      <p className="mt-3 text-sm">
        <a
          href={map.pageUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          {t("View on OpenStreetMap")}
          <span className="sr-only"> {t("(opens in a new tab)")}</span>
          <Icon name="external-link" aria-hidden="true" className="size-4" />
        </a>
      </p>
    </div>
  );
}
