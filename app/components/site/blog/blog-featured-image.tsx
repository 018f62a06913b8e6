import { Icon } from "#app/components/site/icons.tsx";
import { cn } from "#app/lib/cn.ts";

/** A post's featured image at the 1200x630 social-card ratio, or a branded placeholder without one. */
export function BlogFeaturedImage({
  src,
  alt,
  className,
  eager = false,
  srcSet,
  sizes,
}: {
  src: string | null;
  alt: string;
  className?: string;
  /** The stored variants of a library image (`/media/…`), and how wide the image is drawn. */
  srcSet?: string | null;
  sizes?: string;
  /** Above the fold (the post page): load at once. */
  eager?: boolean;
}) {
  if (!src) {
    return (
      <div
        className={cn(
          "flex aspect-[1200/630] w-full items-center justify-center bg-gradient-to-br from-brand-800 to-brand-600",
          className,
        )}
      >
        <Icon name="newspaper" aria-hidden="true" className="size-12 text-white/70" />
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={1200}
      height={630}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={cn("aspect-[1200/630] w-full bg-brand-50 object-cover", className)}
    />
  );
}
