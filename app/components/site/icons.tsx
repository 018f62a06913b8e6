import type { SVGProps } from "react";

/*
 * The icons the public pages need. Their shapes live once in /icons.svg (a sprite of <symbol>s, from
 * Lucide, https://lucide.dev, ISC licence; the social marks are Lucide's former brand icons), so the
 * pages ship no icon code: each icon is a <use> reference. Edit the sprite to change a shape; a new
 * shape is the child elements of node_modules/lucide-react/dist/esm/icons/<name>.mjs.
 */

/** The id of a <symbol> in public/icons.svg (Lucide's name for the icon). */
export type IconName =
  | "anchor"
  | "arrow-left"
  | "arrow-right"
  | "arrow-up"
  | "boxes"
  | "building"
  | "building-2"
  | "check"
  | "chevron-left"
  | "chevron-right"
  | "circle-alert"
  | "circle-check"
  | "clipboard-list"
  | "clock"
  | "container"
  | "copy"
  | "external-link"
  | "eye"
  | "file-check"
  | "file-x-2"
  | "flag"
  | "globe"
  | "mail"
  | "map-pin"
  | "menu"
  | "navigation"
  | "network"
  | "newspaper"
  | "package"
  | "package-check"
  | "package-search"
  | "pause"
  | "phone"
  | "plane"
  | "play"
  | "printer"
  | "route"
  | "search"
  | "search-x"
  | "send"
  | "shield-check"
  | "ship"
  | "star"
  | "target"
  | "triangle-alert"
  | "truck"
  | "user"
  | "users"
  | "warehouse"
  | "weight"
  | "x"
  | "facebook"
  | "twitter"
  | "linkedin"
  | "instagram";

type IconProps = SVGProps<SVGSVGElement> & { name: IconName };

/** Bump when public/icons.svg changes, so browsers fetch the new sprite. */
const SPRITE = "/icons.svg?v=2";

/** A decorative 24×24 stroke icon (hidden from screen readers unless the caller says otherwise). */
export function Icon({ name, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <use href={`${SPRITE}#${name}`} />
    </svg>
  );
}
