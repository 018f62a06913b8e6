import type { QuoteRequestInput } from "../schemas/quote-request.ts";
import type { Db } from "./db/client.server.ts";
import { quoteRequests } from "./db/schema.ts";

export type CreateResult = {
  /** False when a row with this submission key already exists (a double click or a resubmitted page). */
  created: boolean;
  id: string | null;
};

/** Stores a quote request as unread. The same submission key stores one row; the second call is a no-op. */
export async function createQuoteRequest({
  db,
  input,
  submissionKey,
}: {
  db: Db;
  input: QuoteRequestInput;
  submissionKey: string;
}): Promise<CreateResult> {
  const rows = await db
    .insert(quoteRequests)
    .values({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      cityDeparture: input.cityDeparture,
      deliveryCity: input.deliveryCity,
      parcelType: input.parcelType,
      weight: input.weight,
      specialInfo: input.specialInfo ? input.specialInfo : null,
      freightTypes: [...input.freightTypes],
      isRead: false,
      submissionKey,
    })
    .onConflictDoNothing({ target: quoteRequests.submissionKey })
    .returning({ id: quoteRequests.id });
  return { created: rows.length > 0, id: rows[0]?.id ?? null };
}
