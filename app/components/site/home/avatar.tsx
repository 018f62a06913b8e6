import { useEffect, useState } from "react";
import { cn } from "#app/lib/cn.ts";

type ImageStatus = "idle" | "loading" | "loaded" | "error";

/** 'Musu Flomo' → 'MF'. */
function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}

/**
 * Round avatar: the photo once it has loaded, the person's initials until then and if it fails.
 * The server render (and a page without JavaScript) shows the initials.
 */
export function Avatar({ src, name, className }: { src: string; name: string; className?: string }) {
  const [status, setStatus] = useState<ImageStatus>("idle");

  useEffect(() => {
    if (!src) {
      setStatus("error");
      return;
    }
    let active = true;
    setStatus("loading");
    const image = new Image();
    image.onload = () => active && setStatus("loaded");
    image.onerror = () => active && setStatus("error");
    image.src = src;
    return () => {
      active = false;
    };
  }, [src]);

  return (
    <span
      className={cn(
        "relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-900",
        className,
      )}
      data-status={status}
    >
      {status === "loaded" ? (
        <img src={src} alt="" className="h-full w-full object-cover" />
      ) : (
        <span aria-hidden="true" translate="no">
          {initialsOf(name)}
        </span>
      )}
    </span>
  );
}
