import { useActionData } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { Table, TBody, TD, TH, THead, TR } from "~/components/ui/table";
import { cn } from "~/lib/cn";
import type { MessageDetails, MessageRow } from "~/server/inbox-routes.server";
import {
  ActionError,
  CloseLink,
  DeleteButton,
  Detail,
  DetailsDialog,
  type InboxActionReply,
  InboxFilters,
  InboxHeader,
  ReadToggle,
  useListHref,
  useListLoading,
  useReturnFocus,
  ViewLink,
} from "./inbox";

export const MESSAGES_PATH = "/admin/contact-submissions";
const DELETE_TEXT = "This action cannot be undone. This will permanently delete the message.";

export type MessageInboxData = {
  query: { read: string; q: string };
  items: MessageRow[];
  total: number;
  page: number;
  pageCount: number;
  selected: MessageDetails | null;
};

/** The Contact Form Submissions inbox; with `selected`, the details dialog of that message is open. */
export function ContactSubmissionsInbox({ data }: { data: MessageInboxData }) {
  const listHref = useListHref(MESSAGES_PATH);
  const loading = useListLoading(MESSAGES_PATH);
  const actionData = useActionData<InboxActionReply>();
  useReturnFocus();
  const search = listHref.slice(MESSAGES_PATH.length);
  const detailsHref = (id: string) => `${MESSAGES_PATH}/${id}${search}`;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <InboxHeader
        title="Contact Form Submissions"
        description="Messages sent through the website's contact form, newest first."
      />
      <Card>
        <CardContent className="pt-6">
          <InboxFilters
            basePath={MESSAGES_PATH}
            query={data.query}
            searchLabel="Search contact messages"
            searchPlaceholder="Name, email or subject"
          />
          <ActionError reply={actionData} />
          <p role="status" className={cn("mb-3 text-sm font-medium text-brand-700", !loading && "sr-only")}>
            {loading ? "Loading submissions..." : ""}
          </p>
          {data.items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center text-slate-700">
              No contact form submissions found.
            </p>
          ) : (
            <div className={cn(loading && "opacity-60")}>
              <Table>
                <caption className="sr-only">
                  Contact messages, {data.total} in all (page {data.page} of {data.pageCount})
                </caption>
                <THead>
                  <tr>
                    <TH>Status</TH>
                    <TH>Name</TH>
                    <TH>Email</TH>
                    <TH>Subject</TH>
                    <TH>Date</TH>
                    <TH className="text-right">Actions</TH>
                  </tr>
                </THead>
                <TBody>
                  {data.items.map((item) => (
                    <TR key={item.id} className={cn(!item.isRead && "bg-green-50/40")}>
                      <TD>
                        <ReadToggle id={item.id} isRead={item.isRead} action={listHref} />
                      </TD>
                      <TD className={cn("max-w-48 break-words", !item.isRead && "font-semibold")}>
                        {item.name}
                      </TD>
                      <TD className="max-w-56 break-all">{item.email}</TD>
                      <TD className="max-w-72 break-words">{item.subject}</TD>
                      <TD className="whitespace-nowrap">{item.date}</TD>
                      <TD>
                        <div className="flex items-center justify-end gap-1" data-view-id={item.id}>
                          <ViewLink href={detailsHref(item.id)} label={`View message from ${item.name}`} />
                          <DeleteButton
                            id={item.id}
                            action={listHref}
                            label={`Delete message from ${item.name}`}
                            description={DELETE_TEXT}
                            detailsHref={detailsHref(item.id)}
                          />
                        </div>
                      </TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            </div>
          )}
          <Pagination page={data.page} pageCount={data.pageCount} />
        </CardContent>
      </Card>
      {data.selected ? <MessageDetailsDialog message={data.selected} listHref={listHref} /> : null}
    </div>
  );
}

function MessageDetailsDialog({ message, listHref }: { message: MessageDetails; listHref: string }) {
  return (
    <DetailsDialog
      id={message.id}
      title="Contact Message Details"
      description={`Submitted on ${message.submittedOn}`}
      closeHref={listHref}
      footer={
        <>
          <div className="sm:mr-auto">
            <DeleteButton
              id={message.id}
              action={listHref}
              label={`Delete message from ${message.name}`}
              description={DELETE_TEXT}
              detailsHref=""
              trigger="text"
            />
          </div>
          <CloseLink href={listHref} id={message.id} />
          <a href={message.replyHref} className={buttonClass()}>
            Reply via Email
          </a>
        </>
      }
    >
      <dl className="grid gap-4 sm:grid-cols-2">
        <Detail label="Name">{message.name}</Detail>
        <Detail label="Email">
          <span className="break-all">{message.email}</span>
        </Detail>
        <Detail label="Subject" wide>
          {message.subject}
        </Detail>
        <Detail label="Message" wide>
          <span className="mt-1 block whitespace-pre-wrap rounded-md bg-slate-50 p-3">{message.message}</span>
        </Detail>
      </dl>
    </DetailsDialog>
  );
}
