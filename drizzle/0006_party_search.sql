-- The shipments search also finds a shipment by its shipper's or consignee's name or company
-- (case-insensitive substring): one trigram index per party table over the same expression as the query in
-- app/server/shipments.server.ts. Name and company are joined by the unit separator (chr 31), which search
-- input can never contain, so a match never spans the two. pg_trgm was created by 0001.
CREATE INDEX IF NOT EXISTS "shippers_search_trgm_idx" ON "shippers" USING gin (
  ("name" || E'\x1f' || coalesce("company", '')) gin_trgm_ops
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consignees_search_trgm_idx" ON "consignees" USING gin (
  ("name" || E'\x1f' || coalesce("company", '')) gin_trgm_ops
);
