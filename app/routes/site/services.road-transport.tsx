import { redirect } from "react-router";

/** The home page's 'Road Transport' card points here; the page lives at /services/trucking. */
export function loader() {
  return redirect("/services/trucking", 301);
}
