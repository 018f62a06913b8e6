import { type ComponentProps, useEffect, useRef, useState } from "react";
import { cn } from "#app/lib/cn.ts";

/**
 * A table in its own scroll box: a table wider than the screen scrolls inside it, not the page. The box is
 * positioned so that what is absolutely positioned inside (sr-only labels) is clipped by it too. While the
 * table is wider than the box (a phone), the box is a named, focusable region, so a keyboard can scroll it
 * (WCAG 2.1.1; axe's scrollable-region-focusable); a table that fits adds no tab stop.
 */
export function Table({ className, ...props }: ComponentProps<"table">) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={box}
      className="relative w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600"
      {...(scrolls ? { tabIndex: 0, role: "region", "aria-label": "Table, scrolls sideways" } : {})}
    >
      <table className={cn("w-full caption-bottom border-collapse text-sm", className)} {...props} />
    </div>
  );
}

export function THead({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("border-b border-slate-200 bg-slate-50", className)} {...props} />;
}

export function TBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("divide-y divide-slate-100", className)} {...props} />;
}

export function TR({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("hover:bg-slate-50/70", className)} {...props} />;
}

export function TH({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cn(
        "whitespace-nowrap px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600",
        className,
      )}
      {...props}
    />
  );
}

export function TD({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-4 py-3 align-middle text-slate-800", className)} {...props} />;
}
