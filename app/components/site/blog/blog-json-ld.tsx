import { blogPath, type Locale } from "#app/lib/i18n/locale.ts";
import { useNonce } from "#app/lib/nonce.ts";

/**
 * Serialises structured data for a `<script type="application/ld+json">` element. Escapes the
 * characters that could end the script element or confuse an HTML parser, so text typed by staff
 * (a title containing "</script>") stays data.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with <, > and & escaped by serializeJsonLd.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}

type BlogPostingInput = {
  siteUrl: string;
  companyName: string;
  slug: string;
  title: string;
  description: string;
  image: string | null;
  category: string | null;
  publishedAt: Date | string;
  updatedAt: Date | string;
  /** The post's language (English unless told): its address and `inLanguage`. */
  language?: Locale;
};

/** schema.org BlogPosting for one post, with absolute URLs. */
export function blogPostingJsonLd(post: BlogPostingInput) {
  const language = post.language ?? "en";
  const url = `${post.siteUrl}${blogPath(language, post.slug)}`;
  const organization = { "@type": "Organization", name: post.companyName, url: `${post.siteUrl}/` };
  const published = new Date(post.publishedAt);
  const updated = new Date(post.updatedAt);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    inLanguage: language,
    description: post.description,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    ...(post.image ? { image: [new URL(post.image, `${post.siteUrl}/`).href] } : {}),
    ...(post.category ? { articleSection: post.category } : {}),
    datePublished: published.toISOString(),
    dateModified: (updated > published ? updated : published).toISOString(),
    author: organization,
    publisher: { ...organization, logo: { "@type": "ImageObject", url: `${post.siteUrl}/favicon.svg` } },
  };
}
