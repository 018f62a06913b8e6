import type { Db } from "./db/client.server.ts";
import { contactSubmissions } from "./db/schema.ts";
import type { CreateResult } from "./quote-requests.server.ts";

export type ContactSubmissionInput = {
  name: string;
  email: string;
  subject: string;
  message: string;
};

/** Stores a contact message as unread. The same submission key stores one row; the second call is a no-op. */
export async function createContactSubmission({
  db,
  input,
  submissionKey,
}: {
  db: Db;
  input: ContactSubmissionInput;
  submissionKey: string;
}): Promise<CreateResult> {
  const rows = await db
    .insert(contactSubmissions)
    .values({
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      isRead: false,
      submissionKey,
    })
    .onConflictDoNothing({ target: contactSubmissions.submissionKey })
    .returning({ id: contactSubmissions.id });
  return { created: rows.length > 0, id: rows[0]?.id ?? null };
}
