import { type CSSProperties, type ReactNode, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { useRouteLoaderData } from "react-router";
import type { ExternalToast } from "sonner";

/**
 * Toasts (bottom-right, at most 3, 4 s) without shipping the toast library to pages that never toast:
 * sonner loads on the first toast and mounts its own Toaster. Pages with forms import `toast`; pages
 * that show the server's one-shot toasts (after a redirect) render <ServerToast />.
 */
type Sonner = typeof import("sonner");
type Kind = "success" | "error" | "info";

let ready: Promise<Sonner> | null = null;

/**
 * Toasts stand above the public site's round back-to-top button (48 px, 20 px from the bottom right,
 * app/components/site/layout/back-to-top.tsx) instead of covering it, on phones and on desktops.
 */
const ABOVE_BACK_TO_TOP = { bottom: 80 };

/** sonner's rich colours put text below 4.5:1 on its tints (success 4.2:1, info 4.4:1): darker shades of the same hues. */
const READABLE_COLORS = {
  "--success-text": "hsl(140, 100%, 22%)",
  "--info-text": "hsl(210, 92%, 38%)",
  "--error-text": "hsl(360, 100%, 40%)",
} as CSSProperties;

function Mounted({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  // Runs after the Toaster's own effect (children first), so it is subscribed by then.
  useEffect(() => onMount(), [onMount]);
  return children;
}

function load(): Promise<Sonner> {
  ready ??= import("sonner").then(
    (sonner) =>
      new Promise<Sonner>((resolve) => {
        const host = document.createElement("div");
        document.body.append(host);
        createRoot(host).render(
          <Mounted onMount={() => resolve(sonner)}>
            <sonner.Toaster
              position="bottom-right"
              visibleToasts={3}
              duration={4000}
              richColors
              closeButton
              offset={ABOVE_BACK_TO_TOP}
              mobileOffset={ABOVE_BACK_TO_TOP}
              style={READABLE_COLORS}
            />
          </Mounted>,
        );
      }),
  );
  return ready;
}

async function show(kind: Kind, title: string, options?: ExternalToast) {
  if (typeof window === "undefined") return;
  const sonner = await load();
  sonner.toast[kind](title, options);
}

export const toast = {
  success: (title: string, options?: ExternalToast) => void show("success", title, options),
  error: (title: string, options?: ExternalToast) => void show("error", title, options),
  info: (title: string, options?: ExternalToast) => void show("info", title, options),
};

type ServerToastData = { type: Kind; title: string; description?: string } | null;

/** Shows the one-shot toast the server attached to this page (see app/server/toast.server.ts). */
export function ServerToast() {
  const root = useRouteLoaderData("root") as { toast?: ServerToastData } | undefined;
  const pending = root?.toast;
  useEffect(() => {
    if (pending) toast[pending.type](pending.title, { description: pending.description });
  }, [pending]);
  return null;
}
