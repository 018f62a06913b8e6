import type { ComponentProps } from "react";
import { cn } from "#app/lib/cn.ts";

const tones = {
  grey: "bg-slate-100 text-slate-800 border-slate-200",
  blue: "bg-blue-100 text-blue-900 border-blue-200",
  green: "bg-green-100 text-green-900 border-green-200",
  amber: "bg-amber-100 text-amber-900 border-amber-200",
  red: "bg-red-100 text-red-900 border-red-200",
  yellow: "bg-yellow-100 text-yellow-900 border-yellow-200",
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone = "grey", className, ...props }: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
