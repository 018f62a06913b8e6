import type { AuditChangeText } from "#app/lib/audit-format.ts";

// The activity log's contract (decision 021): what /admin/activity's loader gives and a shipment's Activity card
// shows. The components import these types (never the server modules' code).

/** One entry as the page shows it. */
export type ActivityEntry = {
  /** A key for the list (not the entry's id: the page needs none, and ids in a page are a scraper's bait). */
  key: string;
  date: string;
  iso: string;
  /** The person's name (or e-mail); 'Deleted account' when the account is gone. */
  person: string;
  personEmail: string | null;
  address: string | null;
  action: string;
  entity: string;
  /**
   * What the entry is about, as a person knows it: the shipment's tracking number ('on UTG-…' for its history,
   * delivery and recipients), a party's, a sender's or a staff member's name, a post's title, a file's name.
   */
  subject: string | null;
  /** Where the subject is seen, while it still exists. */
  href: string | null;
  changes: AuditChangeText[];
};

/** /admin/activity: the filters as the URL gave them, the choices of its selects, and one page of entries. */
export type ActivityData = {
  filters: { person: string; entity: string; shipment: string; from: string; to: string };
  people: { id: string; label: string }[];
  entities: { value: string; label: string }[];
  timeZone: string;
  total: number;
  page: number;
  pageCount: number;
  entries: ActivityEntry[];
};
