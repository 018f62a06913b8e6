import type { ComponentProps, ReactNode } from "react";
import { cn } from "#app/lib/cn.ts";

const control =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600 disabled:opacity-60";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(control, "h-10", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(control, "min-h-28", className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(control, "h-10", className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: the control is linked by htmlFor at the call site
  return <label className={cn("mb-1.5 block text-sm font-medium text-slate-800", className)} {...props} />;
}

export function FieldError({ id, errors }: { id: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700" role="alert">
      {errors[0]}
    </p>
  );
}

/** Label, control and error message, wired for screen readers. */
export function Field({
  label,
  htmlFor,
  errors,
  errorId,
  hint,
  className,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  errors?: string[] | null;
  errorId: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {/* `${htmlFor}-hint`: inputs name it in aria-describedby so a screen reader reads the hint too. */}
      {hint ? (
        <p id={`${htmlFor}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
