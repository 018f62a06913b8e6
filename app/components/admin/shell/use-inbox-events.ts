import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

const EVENTS_URL = "/admin/events";
const DEBOUNCE_MS = 250;

/**
 * Listens to the server's inbox events (a new quote request or contact message, from any app instance) and
 * reloads the page's data: the bell, the 'New' badge and an open inbox list. EventSource reconnects by
 * itself after a restart (the server asks for 2 s). Failures stay quiet: the page still works without it.
 */
export function useInboxEvents() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(EVENTS_URL);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onInbox = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void revalidate.current().catch(() => {});
      }, DEBOUNCE_MS);
    };
    source.addEventListener("inbox", onInbox);
    return () => {
      clearTimeout(timer);
      source.removeEventListener("inbox", onInbox);
      source.close();
    };
  }, []);
}
