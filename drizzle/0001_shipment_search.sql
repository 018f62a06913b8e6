-- Substring search over tracking number, status, origin and destination (case-insensitive),
-- served by one trigram index. The fields are joined by the unit separator (chr 31), which search
-- input can never contain, so a match never spans two fields.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shipments_search_trgm_idx" ON "shipments" USING gin (
  ("tracking_number" || E'\x1f' || "status" || E'\x1f' || "origin_location" || E'\x1f' || "destination_location") gin_trgm_ops
);
