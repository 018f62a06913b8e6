// /admin/blog: the list of posts, a page at a time, and its one action, deleting a post.
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { postStatus } from "#app/lib/blog-post.ts";
import { formatDate, formatTime } from "#app/lib/format.ts";
import { deletePost, findAdminPosts, isPostId } from "#app/server/blog/blog-admin.server.ts";
import { type BlogPostsPageData, DELETE_POST_INTENT } from "#app/server/blog/blog-views.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { requireStaffForm } from "#app/server/staff/staff-page.server.ts";

type Ctx = Readonly<RouterContextProvider>;

const PAGE_SIZE = 20;

function parsePage(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

export async function loadBlogPostsPage({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<BlogPostsPageData> {
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const list = await findAdminPosts({
    db,
    page: parsePage(url.searchParams.get("page")),
    pageSize: PAGE_SIZE,
  });
  const now = new Date();
  return {
    ...list,
    // Status and dates are worked out here, so the server and the browser show the same.
    items: list.items.map((post) => ({
      id: post.id,
      title: post.title,
      slug: post.slug,
      category: post.category,
      language: post.language,
      translationOfTitle: post.translationOfTitle,
      status: postStatus(post.publishedAt, now),
      published: post.publishedAt ? formatDate(post.publishedAt) : null,
      publishedTitle: post.publishedAt
        ? `${formatDate(post.publishedAt)} ${formatTime(post.publishedAt)} UTC`
        : undefined,
    })),
  };
}

export async function blogPostsPageAction({ request, context }: { request: Request; context: Ctx }) {
  const { services, formData } = await requireStaffForm({ request, context });
  const { db, logger } = services;
  const url = new URL(request.url);
  const back = `${url.pathname.replace(/\.data$/, "")}${url.search.replace(/[?&]index(=[^&]*)?/, "")}`;
  const id = formData?.get("id");
  if (formData?.get("intent") !== DELETE_POST_INTENT || typeof id !== "string" || !isPostId(id)) {
    return data({ error: "Unknown action." }, { status: 400 });
  }
  try {
    const deleted = await deletePost({ db, id });
    if (deleted) {
      logger.info({ postId: id }, "Blog post deleted");
      return redirectWithToast(back, {
        type: "success",
        title: "Blog post deleted successfully",
        description: `“${deleted.title.slice(0, 150)}” was removed.`,
      });
    }
  } catch (error) {
    logger.error({ err: error, postId: id }, "Deleting a blog post failed");
  }
  return redirectWithToast(back, {
    type: "error",
    title: "Failed to delete blog post",
    description: "It may already have been deleted.",
  });
}
