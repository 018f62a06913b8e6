ALTER TABLE "shipments" ADD COLUMN "tracking_key" text GENERATED ALWAYS AS (upper(regexp_replace(tracking_number, '[^A-Za-z0-9]', '', 'g'))) STORED NOT NULL;--> statement-breakpoint
-- Refuse to guess: tracking numbers that differ only in spaces, dashes, dots or case would share one key.
-- List them and stop (the whole migration is rolled back); someone renames one of each group, then starts again.
DO $$
DECLARE
  collisions text;
BEGIN
  SELECT string_agg(format('%s (key %s)', numbers, tracking_key), '; ' ORDER BY tracking_key)
    INTO collisions
    FROM (
      SELECT tracking_key, string_agg(tracking_number, ', ' ORDER BY tracking_number) AS numbers
        FROM "shipments"
       GROUP BY tracking_key
      HAVING count(*) > 1
    ) AS groups;
  IF collisions IS NOT NULL THEN
    RAISE EXCEPTION 'Cannot add tracking keys: these shipments have tracking numbers that differ only in spaces, dashes, dots or case: %. Rename all but one tracking number in each group (UPDATE shipments SET tracking_number = ... WHERE tracking_number = ...), then start the application again. Nothing was changed.', collisions;
  END IF;
END
$$;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracking_key_idx" ON "shipments" USING btree ("tracking_key");
