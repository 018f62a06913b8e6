import { Icon } from "#app/components/site/icons.tsx";
import { cn } from "#app/lib/cn.ts";

export type SocialNetwork = "facebook" | "twitter" | "linkedin" | "instagram";

export const socialNetworkNames: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  twitter: "Twitter",
  linkedin: "LinkedIn",
  instagram: "Instagram",
};

type SocialLinkProps = {
  network: SocialNetwork;
  /** Profile address; empty means the profile is not set and the icon links nowhere. */
  url: string;
  /** Text for screen readers, e.g. 'Facebook' or 'Joseph Kollie on LinkedIn'. */
  label: string;
  className?: string;
};

/**
 * A round social icon. With a URL it is a normal link (opening in a new tab); without one it points
 * nowhere: the same icon as plain content, not focusable, that still reads its name to screen readers.
 */
export function SocialLink({ network, url, label, className }: SocialLinkProps) {
  const classes = cn(
    "inline-flex h-9 w-9 items-center justify-center rounded-full transition-colors",
    className,
  );
  const content = (
    <>
      <Icon name={network} width={18} height={18} />
      {/* A network's name alone is a proper name, the same in every language. */}
      <span className="sr-only" translate={label === socialNetworkNames[network] ? "no" : undefined}>
        {label}
      </span>
    </>
  );
  if (!url) return <span className={classes}>{content}</span>;
  return (
    <a href={url} className={classes} target="_blank" rel="noopener noreferrer">
      {content}
    </a>
  );
}
