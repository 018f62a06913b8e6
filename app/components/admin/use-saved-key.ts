import { useLocation } from "react-router";

/**
 * A key that changes after each successful form post on the page, so the forms keyed with it start afresh after
 * a save, and only then. Every successful admin action answers with a redirect, which makes a new history entry
 * with a new `location.key`; a refused post (4xx with the reasons) does not navigate, and a revalidation for any
 * other reason (the live event stream after a new quote request, another tab) keeps the location, so what staff
 * are typing stays. (Watching `useNavigation()` for 'loading' after a post missed saves: React Router updates its
 * state in transitions, and React may skip the intermediate states of a quick one.) Without JavaScript every post
 * reloads the page, so the forms are fresh anyway.
 */
export function useSavedKey(): string {
  return useLocation().key;
}
