import { useEffect, useRef, useState } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";

const EVENTS_URL = "/admin/events";
const DEBOUNCE_MS = 250;

/**
 * Listens to the server's inbox events (a new quote request or contact message, from any app instance) and
 * reloads the page's data: the bell, the 'New' badge and an open inbox list. EventSource reconnects by
 * itself after a restart (the server asks for 2 s). Failures stay quiet: the page still works without it.
 *
 * While a form post or a page load is under way the reload waits for it to end: a reload started meanwhile
 * would cancel the load that follows a save, and with it the one-shot toast its response carried (found when
 * another clerk's new quote request arrived as 'Mark read' was pressed).
 */
export function useInboxEvents(enabled = true) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [stale, setStale] = useState(false);
  // A fetcher's post (the read toggle, the inboxes' bulk actions) is followed by a reload of the page's data that
  // carries its toast; a reload started meanwhile cancels that one and the toast with it (seen in the browser
  // suite: 'Request marked as read' lost to another test's new quote request). So a busy fetcher counts too.
  const navigating = useNavigation().state !== "idle";
  const fetching = useFetchers().some((fetcher) => fetcher.state !== "idle");
  const busy = navigating || fetching;

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource(EVENTS_URL);
    const onInbox = () => setStale(true);
    source.addEventListener("inbox", onInbox);
    return () => {
      source.removeEventListener("inbox", onInbox);
      source.close();
    };
  }, [enabled]);

  useEffect(() => {
    if (!stale || busy) return;
    const timer = setTimeout(() => {
      setStale(false);
      void revalidate.current().catch(() => {});
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [stale, busy]);
}
