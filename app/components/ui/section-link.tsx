// A link to a section of the page it is on ('#id'), made through React Router. A plain <a href="#id"> makes the
// browser fire popstate for a history entry React Router did not make: it gets the key "default", like the page's
// first entry, and the scroll restoration may put back the position saved under that key, undoing the jump
// (remix-run/react-router#11459; a settings section link that left the page at its top in CI, 2026-11-28). Through
// React Router the entry is its own and the router scrolls to the section. Without JavaScript it is a plain link.
import { Link, type LinkProps, useLocation } from "react-router";

export function SectionLink({ id, ...props }: Omit<LinkProps, "to"> & { id: string }) {
  const { search } = useLocation();
  return <Link to={{ search, hash: id }} {...props} />;
}
