import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";

/**
 * A key that changes once after each successful form post on the page (an action followed by loading: its
 * redirect, or the revalidation after it; a refused post, 4xx, is not revalidated), so the forms keyed with it
 * start afresh after a save, and only then. A revalidation for any other reason (the live event stream after a
 * new quote request, another tab) leaves what staff are typing alone. Without JavaScript every post reloads
 * the page, so the forms are fresh anyway.
 */
export function useSavedKey(): number {
  const navigation = useNavigation();
  const [key, setKey] = useState(0);
  const saved = useRef(false);
  const posted = navigation.formMethod !== undefined && navigation.formMethod.toUpperCase() !== "GET";
  useEffect(() => {
    if (navigation.state === "loading" && posted) saved.current = true;
    else if (navigation.state === "idle" && saved.current) {
      saved.current = false;
      setKey((n) => n + 1);
    }
  }, [navigation.state, posted]);
  return key;
}
