import { cn } from "#app/lib/cn.ts";

/**
 * Typography for post bodies, written as plain Tailwind child selectors (no typography plugin).
 * Only ever given HTML that went through `sanitizePostHtml` on the server.
 */
const prose = [
  "text-base leading-relaxed text-slate-800 sm:text-lg sm:leading-8 break-words",
  // Flow
  "[&>*+*]:mt-5 [&>:first-child]:mt-0 [&_blockquote>*+*]:mt-3",
  // Headings
  "[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:leading-tight [&_h2]:text-brand-900 sm:[&_h2]:text-3xl",
  "[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-brand-900 sm:[&_h3]:text-2xl",
  "[&_h4]:mt-6 [&_h4]:text-lg [&_h4]:font-semibold [&_h4]:text-slate-900",
  "[&_h5]:mt-6 [&_h5]:font-semibold [&_h5]:text-slate-900 [&_h6]:mt-6 [&_h6]:font-semibold [&_h6]:text-slate-700",
  // Links
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:decoration-brand-600/40 [&_a]:underline-offset-2 [&_a:hover]:text-accent-700 [&_a:hover]:decoration-accent-600",
  // Lists
  "[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_li]:pl-1 [&_li::marker]:text-accent-600",
  "[&_li>ul]:mt-2 [&_li>ol]:mt-2 [&_dt]:font-semibold [&_dd]:pl-4",
  // Quotes
  "[&_blockquote]:border-l-4 [&_blockquote]:border-accent-500 [&_blockquote]:bg-brand-50 [&_blockquote]:px-5 [&_blockquote]:py-4 [&_blockquote]:text-brand-900 [&_blockquote]:italic [&_blockquote]:rounded-r-lg",
  // Code
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em] [&_code]:text-slate-900",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-6 [&_pre]:text-slate-100",
  "[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit",
  // Media
  "[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_figure]:my-8 [&_figcaption]:mt-2 [&_figcaption]:text-center [&_figcaption]:text-sm [&_figcaption]:text-slate-600",
  "[&_hr]:my-10 [&_hr]:border-slate-200",
  // Tables: scroll sideways on small screens rather than squeeze
  "[&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-left [&_table]:text-sm sm:[&_table]:text-base",
  "[&_caption]:mb-2 [&_caption]:text-sm [&_caption]:text-slate-600",
  "[&_th]:border-b-2 [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold [&_th]:text-slate-900",
  "[&_td]:border-b [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top",
  // Inline
  "[&_strong]:font-semibold [&_strong]:text-slate-900 [&_mark]:bg-accent-500/20 [&_mark]:px-0.5 [&_abbr]:cursor-help",
].join(" ");

export function BlogContent({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server by sanitizePostHtml.
  return <div className={cn(prose, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
