import { Icon } from "#app/components/site/icons.tsx";
import { useChrome } from "#app/components/site/layout/chrome.ts";
import { prefersReducedMotion } from "#app/components/site/use-reduced-motion.ts";
import { useScrolledPast } from "#app/components/site/use-scrolled-past.ts";
import { backToTopOffset } from "#app/content/navigation.ts";

/**
 * Round button at the bottom right, shown after scrolling past 300 px; scrolls back to the top. Toasts
 * stand above it (their offset in app/lib/toast.tsx): keep the two in step.
 */
export function BackToTop({ focusTargetId }: { focusTargetId: string }) {
  const visible = useScrolledPast(backToTopOffset);
  const chrome = useChrome();
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label={chrome.backToTop}
      className="fixed right-5 bottom-5 z-30 inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg transition-colors hover:bg-brand-900"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "instant" : "smooth" });
        // The button disappears at the top; keep keyboard focus at the start of the page.
        document.getElementById(focusTargetId)?.focus({ preventScroll: true });
      }}
    >
      <Icon name="arrow-up" aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}
