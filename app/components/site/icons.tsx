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

function SpriteIcon({ id, ...props }: IconProps & { id: string }) {
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
}

export const ArrowRight: IconComponent = (props) => <SpriteIcon id="arrow-right" {...props} />;
export const ArrowUp: IconComponent = (props) => <SpriteIcon id="arrow-up" {...props} />;
export const Building: IconComponent = (props) => <SpriteIcon id="building" {...props} />;
export const ChevronLeft: IconComponent = (props) => <SpriteIcon id="chevron-left" {...props} />;
export const ChevronRight: IconComponent = (props) => <SpriteIcon id="chevron-right" {...props} />;
export const Clock: IconComponent = (props) => <SpriteIcon id="clock" {...props} />;
export const Eye: IconComponent = (props) => <SpriteIcon id="eye" {...props} />;
export const Mail: IconComponent = (props) => <SpriteIcon id="mail" {...props} />;
export const MapPin: IconComponent = (props) => <SpriteIcon id="map-pin" {...props} />;
export const Menu: IconComponent = (props) => <SpriteIcon id="menu" {...props} />;
export const Package: IconComponent = (props) => <SpriteIcon id="package" {...props} />;
export const Pause: IconComponent = (props) => <SpriteIcon id="pause" {...props} />;
export const Phone: IconComponent = (props) => <SpriteIcon id="phone" {...props} />;
export const Plane: IconComponent = (props) => <SpriteIcon id="plane" {...props} />;
export const Play: IconComponent = (props) => <SpriteIcon id="play" {...props} />;
export const Ship: IconComponent = (props) => <SpriteIcon id="ship" {...props} />;
export const Star: IconComponent = (props) => <SpriteIcon id="star" {...props} />;
export const Target: IconComponent = (props) => <SpriteIcon id="target" {...props} />;
export const Truck: IconComponent = (props) => <SpriteIcon id="truck" {...props} />;
export const Users: IconComponent = (props) => <SpriteIcon id="users" {...props} />;
export const Weight: IconComponent = (props) => <SpriteIcon id="weight" {...props} />;
export const X: IconComponent = (props) => <SpriteIcon id="x" {...props} />;
export const Facebook: IconComponent = (props) => <SpriteIcon id="facebook" {...props} />;
export const Twitter: IconComponent = (props) => <SpriteIcon id="twitter" {...props} />;
export const Linkedin: IconComponent = (props) => <SpriteIcon id="linkedin" {...props} />;
export const Instagram: IconComponent = (props) => <SpriteIcon id="instagram" {...props} />;
