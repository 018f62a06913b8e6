import { Form } from "react-router";
import { useChrome } from "#app/components/site/layout/chrome.ts";
import { accentLinkClass } from "#app/components/site/layout/site-links.ts";

/**
 * A tracking number box for the home hero and the footer, on dark backgrounds. It is the /track
 * page's search (TrackingForm) without its script, which would cost every page its field primitives
 * and tracking-number helpers: a GET to /track, whose loader trims, upper-cases and redirects to
 * /track/:trackingNumber, by React Router with JavaScript and by the browser without. The browser
 * refuses an empty box (`required`); spaces alone land on /track. The example format and the length
 * limit (64 characters, with room for spaces; the server cuts) are written out for the same reason.
 */
export function TrackSearch({
  id,
  label,
  searchLabel,
  className,
}: {
  /** The input's id (unique on the page). */
  id: string;
  /** The input's visible label, also its accessible name. */
  label: string;
  /** Makes the form a search landmark with this name. */
  searchLabel?: string;
  className?: string;
}) {
  const { trackSearch } = useChrome();
  return (
    <Form
      method="get"
      action={trackSearch.action}
      role={searchLabel && "search"}
      aria-label={searchLabel}
      className={className}
    >
      <label htmlFor={id} className="mb-1.5 block font-semibold text-white">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="number"
          required
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="UTG-1234-5678"
          maxLength={256}
          className="h-12 min-w-0 flex-1 rounded-md bg-white px-3 text-base text-slate-900 placeholder:text-slate-500"
        />
        <button type="submit" className={`${accentLinkClass} inline-flex h-12 px-5 text-base`}>
          {trackSearch.button}
        </button>
      </div>
    </Form>
  );
}
