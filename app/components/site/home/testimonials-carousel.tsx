import { useEffect, useState } from "react";
import { Avatar } from "#app/components/site/home/avatar.tsx";
import { StarRating } from "#app/components/site/home/star-rating.tsx";
import { Icon } from "#app/components/site/icons.tsx";
import { useReducedMotion } from "#app/components/site/use-reduced-motion.ts";
import {
  type Testimonial,
  testimonialAutoplayMs,
  testimonialsSection as text,
} from "#app/content/testimonials.ts";
import { cn } from "#app/lib/cn.ts";
import { useT } from "#app/lib/i18n/use-words.ts";

const roundButton =
  "inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-brand-900 shadow-sm transition-colors hover:bg-brand-50";

/**
 * 'What Our Customers Say': one testimonial at a time, looping, with previous/next buttons and dots.
 * Plays every 5 s, paused while the pointer is over it or keyboard focus is inside it, and never
 * under reduced motion. Without JavaScript the first testimonial shows.
 */

/** The testimonials come from the route's loader, so their copy travels as data, not as page code. */
export function TestimonialsCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const total = testimonials.length;
  const [index, setIndex] = useState(0);
  const [pointerInside, setPointerInside] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = useReducedMotion();
  const t = useT();
  const autoplay = !stopped && !reducedMotion;
  const rotating = autoplay && !pointerInside && !focusInside;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((index + 1) % total), testimonialAutoplayMs);
    return () => window.clearTimeout(timer);
  }, [rotating, index, total]);

  const show = (next: number) => setIndex((next + total) % total);

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="testimonials-title"
      className="bg-slate-50 py-20"
      onPointerEnter={() => setPointerInside(true)}
      onPointerLeave={() => setPointerInside(false)}
      onFocus={() => setFocusInside(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
      }}
    >
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 sm:px-6 lg:grid-cols-3 lg:px-8">
        <div className="text-center lg:col-start-1 lg:row-start-1 lg:text-left">
          <h2 id="testimonials-title" className="text-3xl font-bold text-brand-900 sm:text-4xl">
            {t(text.title)}
          </h2>
          <p className="mt-4 text-lg text-slate-600">{t(text.intro)}</p>
        </div>

        <div className="flex min-w-0 items-center gap-2 sm:gap-4 lg:col-span-2 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <button
            type="button"
            className={roundButton}
            aria-label={t(text.previous)}
            onClick={() => show(index - 1)}
          >
            <Icon name="chevron-left" aria-hidden="true" className="h-5 w-5" />
          </button>
          <div className="min-w-0 flex-1 overflow-hidden">
            <div
              className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
              style={{ transform: `translateX(-${index * 100}%)` }}
              aria-live={rotating ? "off" : "polite"}
            >
              {testimonials.map((testimonial, position) => (
                // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group (WAI-ARIA carousel pattern), not a form fieldset.
                <div
                  key={testimonial.name}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={t("{position} of {total}", { position: position + 1, total })}
                  inert={position !== index}
                  className="w-full shrink-0 px-1 py-2"
                >
                  <div className="flex flex-col items-center rounded-2xl bg-white px-6 py-8 text-center shadow-md sm:px-10">
                    <Avatar src={testimonial.image} name={testimonial.name} className="h-20 w-20 text-xl" />
                    <p translate="no" className="mt-4 text-lg font-semibold text-brand-900">
                      {testimonial.name}
                    </p>
                    <p className="text-sm text-slate-600">
                      {testimonial.role}, <span translate="no">{testimonial.company}</span>
                    </p>
                    <StarRating
                      rating={testimonial.rating}
                      label={t("Rated {rating} out of 5", { rating: testimonial.rating })}
                      className="mt-3"
                    />
                    <blockquote className="mt-5 text-lg leading-relaxed text-slate-700 italic">
                      <p>“{testimonial.text}”</p>
                    </blockquote>
                  </div>
                </div>
              ))}
            </div>
          </div>
          <button
            type="button"
            className={roundButton}
            aria-label={t(text.next)}
            onClick={() => show(index + 1)}
          >
            <Icon name="chevron-right" aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>

        <div className="flex items-center justify-center gap-3 lg:col-start-1 lg:row-start-2 lg:items-start lg:justify-start">
          <div className="flex flex-wrap items-center">
            {testimonials.map((testimonial, position) => (
              <button
                key={testimonial.name}
                type="button"
                aria-label={t("Show testimonial {position}", { position: position + 1 })}
                aria-current={position === index ? "true" : undefined}
                onClick={() => show(position)}
                className="group inline-flex h-6 min-w-6 items-center justify-center px-1"
              >
                <span
                  className={cn(
                    "block h-2.5 rounded-full transition-all duration-300",
                    position === index ? "w-8 bg-accent-700" : "w-2.5 bg-slate-400 group-hover:bg-slate-600",
                  )}
                />
              </button>
            ))}
          </div>
          {!reducedMotion && (
            <button
              type="button"
              className="inline-flex h-6 w-6 items-center justify-center rounded-full text-slate-600 hover:text-brand-900"
              aria-label={t(stopped ? text.play : text.pause)}
              onClick={() => setStopped(!stopped)}
            >
              {stopped ? (
                <Icon name="play" aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Icon name="pause" aria-hidden="true" className="h-4 w-4" />
              )}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
