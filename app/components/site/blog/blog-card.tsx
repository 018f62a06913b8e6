import { Link } from "react-router";
import { BlogDate } from "#app/components/site/blog/blog-date.tsx";
import { BlogFeaturedImage } from "#app/components/site/blog/blog-featured-image.tsx";
import { Icon } from "#app/components/site/icons.tsx";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";

type BlogCardPost = {
  slug: string;
  title: string;
  excerpt: string | null;
  featuredImage: string | null;
  category: string | null;
  publishedAt: Date | string;
  /** `srcset` of a library image's variants, when the featured image is one. */
  featuredImageSrcSet?: string | null;
};

/** Cards are a third of the page wide on large screens, half on medium ones, full width on phones. */
const CARD_IMAGE_SIZES =
  "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/** A post card: the whole card opens the post (the title is the one link; the rest is stretched over). */
export function BlogCard({ post, headingLevel = "h2" }: { post: BlogCardPost; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  const t = useT();
  const to = useLocalePath();
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-accent-600 hover:shadow-lg">
      <div className="overflow-hidden">
        <BlogFeaturedImage
          src={post.featuredImage}
          srcSet={post.featuredImageSrcSet}
          sizes={CARD_IMAGE_SIZES}
          alt={post.title}
          className="transition-transform duration-300 group-hover:scale-105 motion-reduce:transform-none"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {post.category ? (
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-700">
              {post.category}
            </span>
          ) : null}
          <BlogDate date={post.publishedAt} className="text-slate-600" />
        </div>
        <Heading className="text-xl font-bold leading-snug text-slate-900">
          <Link
            to={to(`/blog/${encodeURIComponent(post.slug)}`)}
            className="after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus-visible:outline-none"
            prefetch="intent"
          >
            {post.title}
          </Link>
        </Heading>
        {post.excerpt ? <p className="line-clamp-3 text-slate-700">{post.excerpt}</p> : null}
        <span
          aria-hidden="true"
          className="mt-auto inline-flex items-center gap-1.5 pt-2 text-sm font-semibold text-accent-700"
        >
          {t("Read more")}
          <Icon
            name="arrow-right"
            className="size-4 transition-transform group-hover:translate-x-1 motion-reduce:transform-none"
          />
        </span>
      </div>
    </article>
  );
}
