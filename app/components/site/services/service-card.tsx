import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Icon } from "#app/components/site/icons.tsx";
import { ServiceIcon } from "#app/components/site/services/service-icons.tsx";
import type { Service } from "#app/content/services.ts";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";

/**
 * Fades an element in the first time 20% of it is visible. Server-rendered and without JavaScript the
 * element is simply visible; with reduced motion it is never hidden; an element already in view on
 * load is left alone (no flash).
 */
function useRevealOnScroll<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting && entry.intersectionRatio >= 0.2) {
            element.dataset.reveal = "shown";
            observer.disconnect();
          } else if (first) {
            element.dataset.reveal = "hidden";
          }
        }
        first = false;
      },
      { threshold: 0.2 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return ref;
}

/** What a card shows of a service (the detail page has the rest). */
type ServiceSummary = Pick<Service, "id" | "title" | "icon" | "image" | "summary" | "bullets">;

/** `priority`: the first card's picture is usually the largest thing on screen; it loads at once. */
export function ServiceCard({ service, priority = false }: { service: ServiceSummary; priority?: boolean }) {
  const ref = useRevealOnScroll<HTMLElement>();
  const t = useT();
  const to = useLocalePath();
  const titleId = `service-${service.id}-title`;
  return (
    <article
      ref={ref}
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition duration-700 ease-out data-[reveal=hidden]:translate-y-8 data-[reveal=hidden]:opacity-0 md:flex-row"
    >
      <img
        src={service.image.src}
        alt={service.image.alt}
        width={service.image.width}
        height={service.image.height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        className="aspect-[8/5] w-full object-cover md:w-2/5 md:aspect-auto"
      />
      <div className="flex flex-1 flex-col p-6">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <ServiceIcon name={service.icon} className="size-5" />
          </span>
          <h2 id={titleId} className="text-xl font-bold text-brand-900">
            {service.title}
          </h2>
        </div>
        <p className="mt-3 text-slate-700">{service.summary}</p>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {service.bullets.map((bullet) => (
            <li key={bullet} className="flex items-start gap-2 text-sm text-slate-700">
              <Icon name="check" aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-600" />
              {bullet}
            </li>
          ))}
        </ul>
        <Link
          to={to(`/services/${service.id}`)}
          className="mt-5 inline-flex items-center gap-1.5 self-start font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {t("Learn More")}
          <span className="sr-only"> {t("about {service}", { service: service.title })}</span>
          <Icon name="arrow-right" aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </article>
  );
}
