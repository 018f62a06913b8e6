import type { MetaDescriptor } from "react-router";

type RootDataLike = { siteUrl: string; settings: { companyName: string } };

type SeoInput = {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/services". */
  path: string;
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
};

/** Title, description, canonical URL and Open Graph tags for one page. */
export function seo(input: SeoInput, root: RootDataLike | undefined): MetaDescriptor[] {
  const siteUrl = root?.siteUrl ?? "";
  const company = root?.settings.companyName ?? "";
  const title = input.title === company || !company ? input.title : `${input.title} | ${company}`;
  const url = `${siteUrl}${input.path}`;
  const image = input.image ? new URL(input.image, `${siteUrl}/`).href : `${siteUrl}/og-image.png`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: company },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
