import type { MetaDescriptor } from "react-router";

const BLOG_FEED_PATH = "/blog/rss.xml";

/** `<link rel="alternate">` to the blog's RSS feed, for the blog pages' `meta`. */
export const BLOG_FEED_LINK: MetaDescriptor = {
  tagName: "link",
  rel: "alternate",
  type: "application/rss+xml",
  title: "Blog RSS feed",
  href: BLOG_FEED_PATH,
};
