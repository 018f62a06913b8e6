import type { MetaDescriptor } from "react-router";
import { seo } from "#app/lib/seo.ts";
import type { RootData } from "#app/root.tsx";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** Title and tags of a back-office page; never indexed. */
export function adminMeta(
  { title, path, description = "Back office." }: { title: string; path: string; description?: string },
  matches: readonly MatchLike[],
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  return seo({ title, description, path, noindex: true }, root);
}
