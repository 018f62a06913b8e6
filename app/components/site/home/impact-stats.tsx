import { useEffect, useRef, useState } from "react";
import { Icon } from "#app/components/site/icons.tsx";
import { prefersReducedMotion } from "#app/components/site/use-reduced-motion.ts";
import {
  counterStepMs,
  counterSteps,
  formatStat,
  impactRevealThreshold,
  impactSection,
  impactStats,
  impactTileStaggerMs,
} from "#app/content/stats.ts";
import { cn } from "#app/lib/cn.ts";
import { useLocale, useT } from "#app/lib/i18n/use-words.ts";

/**
 * 'static': final numbers, no motion (server render, no JavaScript, reduced motion).
 * 'waiting': tiles hidden and counters at 0 until 20% of the band is visible (only when the band was below the
 *   fold at first: one already on screen keeps its final numbers).
 * 'running': tiles fade and slide in, counters count up; ends on the final numbers.
 */
type Phase = "static" | "waiting" | "running";

/** 'Our Global Impact': four tiles whose counters run from 0 to their targets the first time the band shows. */
export function ImpactStats() {
  const band = useRef<HTMLElement>(null);
  const [phase, setPhase] = useState<Phase>("static");
  const [step, setStep] = useState(counterSteps);
  const t = useT();
  const locale = useLocale();

  useEffect(() => {
    const element = band.current;
    if (!element || typeof IntersectionObserver === "undefined" || prefersReducedMotion()) return;
    // The first answer says where the band is: already on screen, it stays as rendered (hiding it to show it
    // again would flicker); below the fold, it hides (at once, unseen) and runs when it comes into view.
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting);
        if (first) {
          first = false;
          if (visible) {
            observer.disconnect();
            return;
          }
          setPhase("waiting");
          setStep(0);
          return;
        }
        if (!visible) return;
        observer.disconnect();
        setPhase("running");
      },
      { threshold: impactRevealThreshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (phase !== "running") return;
    let current = 0;
    const timer = window.setInterval(() => {
      current += 1;
      setStep(current);
      if (current >= counterSteps) window.clearInterval(timer);
    }, counterStepMs);
    return () => window.clearInterval(timer);
  }, [phase]);

  return (
    <section ref={band} aria-labelledby="impact-title" className="bg-brand-900 py-20 text-white">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="impact-title" className="text-3xl font-bold sm:text-4xl">
            {t(impactSection.title)}
          </h2>
          <p className="mt-4 text-lg text-brand-100">{t(impactSection.subtitle)}</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {impactStats.map((stat, position) => {
            const shown = Math.round((stat.value * step) / counterSteps);
            return (
              <li
                key={stat.label}
                className={cn(
                  "rounded-2xl bg-white/10 p-8 text-center",
                  // Hidden at once (no fade out half-read by a screen reader or a contrast check); faded in.
                  phase === "waiting"
                    ? "translate-y-6 opacity-0"
                    : "translate-y-0 opacity-100 transition-[opacity,transform] duration-700 ease-out motion-reduce:transition-none",
                )}
                style={
                  phase === "running" ? { transitionDelay: `${position * impactTileStaggerMs}ms` } : undefined
                }
              >
                <span className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-accent-700">
                  <Icon name={stat.icon} aria-hidden="true" className="h-7 w-7" />
                </span>
                <p className="text-4xl font-bold tabular-nums">
                  <span aria-hidden="true" data-testid="impact-counter">
                    {formatStat(shown, stat.suffix, locale)}
                  </span>
                  <span className="sr-only">{formatStat(stat.value, stat.suffix, locale)}</span>
                </p>
                <p className="mt-2 text-lg text-brand-100">{t(stat.label)}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
