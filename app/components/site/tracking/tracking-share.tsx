import { useRef, useState } from "react";
import { Icon } from "#app/components/site/icons.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { useT } from "#app/lib/i18n/use-words.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

const ITEM =
  "flex w-full items-center gap-2 rounded px-3 py-2.5 text-sm hover:bg-slate-100 focus:bg-slate-100";

/**
 * The 'Share' button of a tracking result and what it opens: 'Copy link' (clipboard, with an announced
 * confirmation), 'QR code' (a dialog with the picture, /track/:number/qr.svg) and 'Print'. A disclosure
 * of plain buttons on the browser's Popover API: the button opens and closes it (and is announced as
 * expanded or collapsed), Tab reaches the buttons, Escape or a click elsewhere closes it, and the focus
 * goes back to 'Share'. The QR code is a native modal <dialog> (the browser keeps the focus inside and
 * closes it on Escape). It needs JavaScript: hidden where scripts cannot run (`noscript:`), and disabled until
 * hydrated, but in its place from the first paint, so nothing moves when it comes to life (it shifted the
 * result 24 px down on phones, a layout shift of 0.011 against the 0.01 target). One per page (fixed ids).
 */
export function TrackingShareMenu({
  url,
  qrCodeUrl,
  trackingNumber,
}: {
  url: string;
  qrCodeUrl: string;
  trackingNumber: string;
}) {
  const hydrated = useHydrated();
  const t = useT();
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  async function copy() {
    clearTimeout(timer.current);
    setCopied(
      await navigator.clipboard.writeText(url).then(
        () => "copied" as const,
        () => "failed" as const,
      ),
    );
    // Left running after the page is gone, it only sets state React then ignores.
    timer.current = setTimeout(() => setCopied(null), 4000);
  }

  return (
    <div className="relative print:hidden noscript:hidden">
      <button
        type="button"
        popoverTarget="tracking-share"
        disabled={!hydrated}
        className={buttonClass({ variant: "outline" })}
      >
        <Icon name={copied === "copied" ? "check" : "send"} aria-hidden="true" className="size-4" />
        {t("Share")}
      </button>
      <div
        ref={list}
        id="tracking-share"
        popover="auto"
        className="popover-below w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        {(
          [
            [t("Copy link"), "copy", copy],
            [t("QR code"), "package-search", () => dialog.current?.showModal()],
            [t("Print"), "printer", () => print()],
          ] as const
        ).map(([label, icon, action]) => (
          <button
            key={label}
            type="button"
            className={ITEM}
            onClick={() => {
              // Closed first: the focus goes back to 'Share', where the dialog will hand it back too.
              list.current?.hidePopover();
              action();
            }}
          >
            <Icon name={icon} aria-hidden="true" className="size-4" />
            {label}
          </button>
        ))}
      </div>
      <p role="status" className="absolute right-0 mt-1 w-56 text-right text-sm text-slate-700 empty:hidden">
        {copied === "copied" ? t("The tracking link is on your clipboard.") : null}
        {copied === "failed"
          ? t("Copying did not work here; copy the address from your browser's address bar.")
          : null}
      </p>
      <dialog
        ref={dialog}
        aria-labelledby="tracking-qr-title"
        className="m-auto max-w-xs rounded-lg p-5 text-center shadow-2xl backdrop:bg-slate-950/60"
      >
        <h2 id="tracking-qr-title" className="text-lg font-semibold">
          {t("QR code")}
        </h2>
        <img
          src={qrCodeUrl}
          alt={t("QR code linking to the tracking page of {number}", { number: trackingNumber })}
          width={192}
          height={192}
          className="my-3 size-48 border border-slate-200"
        />
        <p className="mb-4 text-sm text-slate-600">{t("Scan to open this page")}</p>
        <form method="dialog">
          <button type="submit" className={buttonClass({ variant: "outline", className: "w-full" })}>
            {t("Close")}
          </button>
        </form>
      </dialog>
    </div>
  );
}
