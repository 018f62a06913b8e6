import { ExternalLink, FileText, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { ConfirmDialog } from "#app/components/ui/dialog.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { Table, TBody, TD, TH, THead, TR } from "#app/components/ui/table.tsx";
import { POST_STATUS_LABEL, type PostStatus } from "#app/lib/blog-post.ts";
import { cn } from "#app/lib/cn.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { POST_LANGUAGE_LABEL } from "#app/schemas/blog-post.ts";
import { type BlogPostsPageData, DELETE_POST_INTENT } from "#app/server/blog/blog-views.ts";

const EDITOR_PATH = "/admin/cms/blog";

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
        <input type="hidden" name="intent" value={DELETE_POST_INTENT} />
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

/** /admin/blog: the posts, a page at a time, each with its status, a link to it on the blog, Edit and Delete. */
export function BlogPostsPage({ data }: { data: BlogPostsPageData }) {
  const { items, page, pageCount } = data;
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
