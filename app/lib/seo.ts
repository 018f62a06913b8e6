import type { MetaDescriptor } from "react-router";
import { localeOfPath } from "#app/lib/i18n/locale.ts";
import { type Catalog, makeTranslate, mergeCatalogs, type Translate } from "#app/lib/i18n/translate.ts";

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

type MetaArgsLike = {
  matches: ReadonlyArray<{ loaderData?: unknown } | undefined>;
  location: { pathname: string };
};

/** A translator over the French words of the matched routes, for `meta` (which cannot use hooks). */
export function translateFromMatches(matches: MetaArgsLike["matches"]): Translate {
  return makeTranslate(
    mergeCatalogs(matches.map((match) => (match?.loaderData as { words?: Catalog })?.words)),
  );
}

/**
 * `seo` in the page's language (decision 030): the title and description translated (a French page's loader
 * sends the words), the canonical URL the page's own address in its language, and `og:locale`.
 */
export function localizedSeo(args: MetaArgsLike, input: SeoInput): MetaDescriptor[] {
  const locale = localeOfPath(args.location.pathname);
  const t = translateFromMatches(args.matches);
  const tags = seo(
    {
      ...input,
      title: t(input.title),
      description: t(input.description),
      // A French page's canonical address is its own (page code has no address table).
      path: locale === "fr" ? args.location.pathname : input.path,
    },
    args.matches[0]?.loaderData as RootDataLike | undefined,
  );
  tags.push({ property: "og:locale", content: locale === "fr" ? "fr_FR" : "en_US" });
  return tags;
}
