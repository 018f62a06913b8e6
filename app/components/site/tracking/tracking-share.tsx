import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Icon } from "#app/components/site/icons.tsx";

const ITEM =
  "flex w-full items-center gap-2 rounded px-3 py-2.5 text-sm hover:bg-slate-100 focus:bg-slate-100";

/**
 * The 'Share' menu of a tracking result: 'Copy link' (clipboard, with an announced confirmation), 'QR
 * code' (a dialog with the picture, /track/:number/qr.svg) and 'Print'. A menu button as WAI-ARIA
 * describes it: Enter, Space or an arrow key opens it on its first item; the arrow keys, Home and End
 * move between items; Escape closes it and hands the focus back to the button; Tab or a click elsewhere
 * closes it. The QR code is a native modal <dialog> (the browser keeps the focus inside and closes it on
 * Escape); the focus then returns to the button. It needs JavaScript, so it stays hidden until hydrated.
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
  const id = useId();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  // biome-ignore lint/correctness/useExhaustiveDependencies: items() reads the menu's current buttons
  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const next = {
      ArrowDown: (index + 1) % list.length,
      ArrowUp: (index + list.length - 1) % list.length,
      Home: 0,
      End: list.length - 1,
    }[event.key];
    if (event.key === "Tab") return setOpen(false);
    if (event.key === "Escape") close();
    else if (next === undefined) return;
    else list[next]?.focus();
    event.preventDefault();
  }

  async function copy() {
    close();
    clearTimeout(timer.current);
    setCopied(
      await navigator.clipboard.writeText(url).then(
        () => "copied" as const,
        () => "failed" as const,
      ),
    );
    timer.current = setTimeout(() => setCopied(null), 4000);
  }

  return (
    <div ref={root} className="relative print:hidden" hidden={!hydrated}>
      <button
        ref={button}
        id={`${id}b`}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}m`}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
          event.preventDefault();
          setOpen(true);
        }}
        disabled={!hydrated}
        className={buttonClass({ variant: "outline" })}
      >
        <Icon name={copied === "copied" ? "check" : "send"} aria-hidden="true" className="size-4" />
        Share
      </button>
      <div
        id={`${id}m`}
        role="menu"
        aria-labelledby={`${id}b`}
        hidden={!open}
        onKeyDown={onKeyDown}
        className="absolute right-0 z-20 mt-1 w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        {(
          [
            ["Copy link", "copy", copy],
            [
              "QR code",
              "package-search",
              () => {
                setOpen(false);
                dialog.current?.showModal();
              },
            ],
            [
              "Print",
              "printer",
              () => {
                close();
                print();
              },
            ],
          ] as const
        ).map(([label, icon, onClick]) => (
          <button key={label} type="button" role="menuitem" tabIndex={-1} className={ITEM} onClick={onClick}>
            <Icon name={icon} aria-hidden="true" className="size-4" />
            {label}
          </button>
        ))}
      </div>
      <p role="status" className="absolute right-0 mt-1 w-56 text-right text-sm text-slate-700 empty:hidden">
        {copied === "copied" ? "The tracking link is on your clipboard." : null}
        {copied === "failed"
          ? "Copying did not work here; copy the address from your browser's address bar."
          : null}
      </p>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}q`}
        onClose={() => button.current?.focus()}
        className="m-auto max-w-xs rounded-lg p-5 text-center shadow-2xl backdrop:bg-slate-950/60"
      >
        <h2 id={`${id}q`} className="text-lg font-semibold">
          QR code
        </h2>
        <img
          src={qrCodeUrl}
          alt={`QR code linking to the tracking page of ${trackingNumber}`}
          width={192}
          height={192}
          className="my-3 size-48 border border-slate-200"
        />
        <p className="mb-4 text-sm text-slate-600">Scan to open this page</p>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className={buttonClass({ variant: "outline", className: "w-full" })}
        >
          Close
        </button>
      </dialog>
    </div>
  );
}
