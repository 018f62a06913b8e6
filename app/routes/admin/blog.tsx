import { ExternalLink, FileText, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { ConfirmDialog } from "#app/components/ui/dialog.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { Table, TBody, TD, TH, THead, TR } from "#app/components/ui/table.tsx";
import { servicesContext } from "#app/context.ts";
import { POST_STATUS_LABEL, type PostStatus, postStatus } from "#app/lib/blog-post.ts";
import { cn } from "#app/lib/cn.ts";
import { formatDate, formatTime } from "#app/lib/format.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { POST_LANGUAGE_LABEL } from "#app/schemas/blog-post.ts";
import { deletePost, findAdminPosts, isPostId } from "#app/server/blog/blog-admin.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { requireStaffForm } from "#app/server/staff/staff-page.server.ts";
import type { Route } from "./+types/blog";

const EDITOR_PATH = "/admin/cms/blog";
const PAGE_SIZE = 20;
const DELETE_INTENT = "delete";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta({ title: "Blog Posts", path: location.pathname }, matches);

function parsePage(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

export async function loader({ request, context }: Route.LoaderArgs) {
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

export async function action({ request, context }: Route.ActionArgs) {
  const { services, formData } = await requireStaffForm({ request, context });
  const { db, logger } = services;
  const url = new URL(request.url);
  const back = `${url.pathname.replace(/\.data$/, "")}${url.search.replace(/[?&]index(=[^&]*)?/, "")}`;
  const id = formData?.get("id");
  if (formData?.get("intent") !== DELETE_INTENT || typeof id !== "string" || !isPostId(id)) {
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

const STATUS_TONE: Record<PostStatus, BadgeTone> = { published: "green", scheduled: "blue", draft: "yellow" };

function DeletePostButton({ post }: { post: { id: string; title: string } }) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("id") === post.id;
  useEffect(() => {
    if (navigation.state === "idle") setOpen(false);
  }, [navigation.state]);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className="size-9 text-red-700 hover:bg-red-50"
          aria-label={`Delete ${post.title}`}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      }
      title="Are you sure?"
      description={`This action cannot be undone. This will permanently delete the blog post “${post.title}”.`}
    >
      <Form method="post">
        <input type="hidden" name="intent" value={DELETE_INTENT} />
        <input type="hidden" name="id" value={post.id} />
        <Button type="submit" variant="danger" className="w-full" disabled={deleting}>
          {deleting ? "Deleting..." : "Delete"}
        </Button>
      </Form>
    </ConfirmDialog>
  );
}

/** 'Loading posts...' while the list reloads, 'Loading...' while an editor opens (client navigation). */
function useLoadingMessage(): string {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading" || navigation.formData) return "";
  const target = navigation.location.pathname;
  if (target === location.pathname) return "Loading posts...";
  if (target.startsWith(`${EDITOR_PATH}/`)) return "Loading...";
  return "";
}

export default function BlogPosts({ loaderData }: Route.ComponentProps) {
  const { items, page, pageCount } = loaderData;
  const loading = useLoadingMessage();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Blog Posts</h1>
          <p className="mt-1 text-slate-600">Manage your blog posts. Create, edit, and publish content.</p>
        </div>
        <Link to={`${EDITOR_PATH}/new`} className={buttonClass({ className: "self-start sm:self-auto" })}>
          <Plus aria-hidden="true" className="size-4" />
          New Post
        </Link>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>All Posts</CardTitle>
        </CardHeader>
        <CardContent>
          <p role="status" className={cn("mb-3 text-sm font-medium text-brand-700", !loading && "sr-only")}>
            {loading}
          </p>
          {items.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 px-6 py-14 text-center">
              <FileText aria-hidden="true" className="size-10 text-slate-500" />
              <p className="font-medium text-slate-900">No blog posts yet</p>
              <Link to={`${EDITOR_PATH}/new`} className={buttonClass({ variant: "outline" })}>
                Write the first post
              </Link>
            </div>
          ) : (
            <div className={cn(loading === "Loading posts..." && "opacity-60")}>
              <Table>
                <THead>
                  <tr>
                    <TH>Title</TH>
                    <TH>Category</TH>
                    <TH>Status</TH>
                    <TH>Published</TH>
                    <TH>Language</TH>
                    <TH className="text-right">Actions</TH>
                  </tr>
                </THead>
                <TBody>
                  {items.map((post) => (
                    <TR key={post.id}>
                      <TD className="max-w-md font-medium text-slate-900">
                        <span className="line-clamp-2 break-words">{post.title}</span>
                        {post.translationOfTitle ? (
                          <span className="mt-0.5 line-clamp-2 break-words text-xs font-normal text-slate-600">
                            Translation of “{post.translationOfTitle}”
                          </span>
                        ) : null}
                      </TD>
                      <TD>{post.category || "-"}</TD>
                      <TD>
                        <Badge tone={STATUS_TONE[post.status]}>{POST_STATUS_LABEL[post.status]}</Badge>
                      </TD>
                      <TD className="whitespace-nowrap">
                        {post.published ? <span title={post.publishedTitle}>{post.published}</span> : "-"}
                      </TD>
                      <TD>{POST_LANGUAGE_LABEL[post.language]}</TD>
                      <TD>
                        <div className="flex items-center justify-end gap-1">
                          {post.status === "published" ? (
                            <a
                              href={localizePath(`/blog/${encodeURIComponent(post.slug)}`, post.language)}
                              target="_blank"
                              rel="noopener noreferrer"
                              aria-label={`View ${post.title} on the blog (opens in a new tab)`}
                              className={buttonClass({ variant: "ghost", size: "icon", className: "size-9" })}
                            >
                              <ExternalLink aria-hidden="true" className="size-4" />
                            </a>
                          ) : null}
                          <Link
                            to={`${EDITOR_PATH}/${post.id}`}
                            aria-label={`Edit ${post.title}`}
                            className={buttonClass({ variant: "ghost", size: "icon", className: "size-9" })}
                          >
                            <Pencil aria-hidden="true" className="size-4" />
                          </Link>
                          <DeletePostButton post={post} />
                        </div>
                      </TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            </div>
          )}
          <Pagination page={page} pageCount={pageCount} />
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
