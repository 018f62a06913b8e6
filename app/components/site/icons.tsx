import type { SVGProps } from "react";

/*
 * The icons the public pages need. Their shapes live once in /icons.svg (a sprite of <symbol>s, from
 * Lucide, https://lucide.dev, ISC licence; the social marks are Lucide's former brand icons), so the
 * pages ship no icon code: each icon is a <use> reference. Edit the sprite to change a shape.
 */

export type IconProps = SVGProps<SVGSVGElement>;
export type IconComponent = (props: IconProps) => React.JSX.Element;

/** Bump when public/icons.svg changes, so browsers fetch the new sprite. */
const SPRITE = "/icons.svg?v=1";

function icon(id: string): IconComponent {
  return function Icon(props: IconProps) {
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
        <use href={`${SPRITE}#${id}`} />
      </svg>
    );
  };
}

export const ArrowRight = icon("arrow-right");
export const ArrowUp = icon("arrow-up");
export const Building = icon("building");
export const ChevronLeft = icon("chevron-left");
export const ChevronRight = icon("chevron-right");
export const Clock = icon("clock");
export const Eye = icon("eye");
export const Mail = icon("mail");
export const MapPin = icon("map-pin");
export const Menu = icon("menu");
export const Package = icon("package");
export const Pause = icon("pause");
export const Phone = icon("phone");
export const Plane = icon("plane");
export const Play = icon("play");
export const Ship = icon("ship");
export const Star = icon("star");
export const Target = icon("target");
export const Truck = icon("truck");
export const Users = icon("users");
export const Weight = icon("weight");
export const X = icon("x");
export const Facebook = icon("facebook");
export const Twitter = icon("twitter");
export const Linkedin = icon("linkedin");
export const Instagram = icon("instagram");
