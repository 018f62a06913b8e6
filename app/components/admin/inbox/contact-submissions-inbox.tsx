import { Detail, EmailText } from "#app/components/admin/inbox/inbox.tsx";
import {
  type InboxColumn,
  type InboxData,
  InboxPage,
  type InboxTexts,
} from "#app/components/admin/inbox/inbox-page.tsx";
import { BULK_NOUNS } from "#app/lib/inbox-bulk.ts";
import type { MessageDetails, MessageRow } from "#app/server/inbox/inbox-views.ts";

export const MESSAGES_PATH = "/admin/contact-submissions";

export type MessageInboxData = InboxData<MessageRow, MessageDetails>;

const texts: InboxTexts = {
  title: "Contact Form Submissions",
  description: "Messages sent through the website's contact form, newest first.",
  searchLabel: "Search contact messages",
  searchPlaceholder: "Name, email or subject",
  loading: "Loading submissions...",
  empty: "No contact form submissions found.",
  caption: "Contact messages",
  item: "message",
  deleteDescription: "This action cannot be undone. This will permanently delete the message.",
  bulkNoun: BULK_NOUNS.message,
  detailsTitle: "Contact Message Details",
};

const columns: InboxColumn<MessageRow>[] = [
  { header: "Subject", className: "max-w-72 break-words", cell: (message) => message.subject },
];

/** The Contact Form Submissions inbox; with `selected`, the details dialog of that message is open. */
export function ContactSubmissionsInbox({ data }: { data: MessageInboxData }) {
  return (
    <InboxPage
      basePath={MESSAGES_PATH}
      texts={texts}
      columns={columns}
      data={data}
      details={messageDetailFields}
    />
  );
}

function messageDetailFields(message: MessageDetails) {
  return (
    <>
      <Detail label="Name">{message.name}</Detail>
      <Detail label="Email">
        <EmailText email={message.email} />
      </Detail>
      <Detail label="Language">{message.language}</Detail>
      <Detail label="Subject" wide>
        {message.subject}
      </Detail>
      <Detail label="Message" wide>
        <span className="mt-1 block whitespace-pre-wrap rounded-md bg-slate-50 p-3">{message.message}</span>
      </Detail>
    </>
  );
}
