import { useEffect, useRef, useState } from "react";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Icon } from "#app/components/site/icons.tsx";

/**
 * 'Copy link' (clipboard, with a visible and announced confirmation) and 'Print'. They need
 * JavaScript, so they stay hidden until the page is hydrated.
 */
export function TrackingShareButtons({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(url);
      setState("copied");
    } catch {
      setState("failed");
    }
    timer.current = setTimeout(() => setState("idle"), 4000);
  }

  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden" hidden={!hydrated}>
      <button
        type="button"
        className={buttonClass({ variant: "outline", size: "sm" })}
        onClick={copy}
        disabled={!hydrated}
      >
        {state === "copied" ? (
          <Icon name="check" aria-hidden="true" className="size-4 text-green-700" />
        ) : (
          <Icon name="copy" aria-hidden="true" className="size-4" />
        )}
        {state === "copied" ? "Link copied" : "Copy link"}
      </button>
      <button
        type="button"
        className={buttonClass({ variant: "outline", size: "sm" })}
        onClick={() => window.print()}
        disabled={!hydrated}
      >
        <Icon name="printer" aria-hidden="true" className="size-4" />
        Print
      </button>
      <p role="status" className="text-sm text-slate-700">
        {state === "copied" ? "The tracking link is on your clipboard." : null}
        {state === "failed"
          ? "Copying did not work here; copy the address from your browser's address bar."
          : null}
      </p>
    </div>
  );
}

/** The QR code (an SVG data URI made on the server from our own URL) of the tracking page. */
export function TrackingQrCode({ src, trackingNumber }: { src: string; trackingNumber: string }) {
  return (
    <figure className="flex flex-col items-center gap-1">
      <img
        src={src}
        alt={`QR code linking to the tracking page of ${trackingNumber}`}
        width={128}
        height={128}
        loading="lazy"
        decoding="async"
        className="size-32 rounded border border-slate-200 bg-white"
      />
      <figcaption className="text-xs text-slate-600">Scan to open this page</figcaption>
    </figure>
  );
}
