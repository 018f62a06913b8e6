-- Every change to what a public tracking page shows (the shipment, its status history, its latest delivery, its
-- shipper's and consignee's names) is announced on the 'freight_events' channel with the tracking numbers it
-- touches, so each app instance drops just those shipments' cached tracking pages (decision 031), whichever
-- instance or tool wrote. One announcement per statement, never one per row; past 100 numbers (a bulk update, a
-- party on thousands of shipments) or 7,000 bytes it names none, which drops every tracking page instead (a
-- notification's payload must stay under 8,000 bytes).
CREATE OR REPLACE FUNCTION freight_notify_tracking(numbers text[]) RETURNS void AS $$
DECLARE
  payload text;
BEGIN
  IF numbers IS NOT NULL AND cardinality(numbers) = 0 THEN
    RETURN;
  END IF;
  IF numbers IS NOT NULL AND cardinality(numbers) <= 100 THEN
    payload := json_build_object('type', 'shipments.changed', 'trackingNumbers', numbers)::text;
  END IF;
  IF payload IS NULL OR octet_length(payload) > 7000 THEN
    payload := json_build_object('type', 'shipments.changed', 'trackingNumbers', NULL)::text;
  END IF;
  PERFORM pg_notify('freight_events', payload);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A statement on shipments: the numbers of the rows before and after it (a renumbered shipment drops both).
CREATE OR REPLACE FUNCTION freight_notify_shipments_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM freight_notify_tracking(NULL);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM freight_notify_tracking(ARRAY(SELECT DISTINCT tracking_number FROM new_rows LIMIT 101));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM freight_notify_tracking(ARRAY(SELECT DISTINCT tracking_number FROM old_rows LIMIT 101));
  ELSE
    PERFORM freight_notify_tracking(ARRAY(
      SELECT tracking_number FROM old_rows UNION SELECT tracking_number FROM new_rows LIMIT 101
    ));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A statement on a table of the shipment's own rows (status history, deliveries): the numbers of their shipments.
CREATE OR REPLACE FUNCTION freight_notify_shipment_rows_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM freight_notify_tracking(NULL);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM freight_notify_tracking(ARRAY(
      SELECT s.tracking_number FROM shipments s WHERE s.id IN (SELECT shipment_id FROM new_rows) LIMIT 101
    ));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM freight_notify_tracking(ARRAY(
      SELECT s.tracking_number FROM shipments s WHERE s.id IN (SELECT shipment_id FROM old_rows) LIMIT 101
    ));
  ELSE
    PERFORM freight_notify_tracking(ARRAY(
      SELECT s.tracking_number FROM shipments s
      WHERE s.id IN (SELECT shipment_id FROM old_rows UNION SELECT shipment_id FROM new_rows) LIMIT 101
    ));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- An update of shippers or consignees: the shipments of the parties whose name or company (what the page shows)
-- changed. A new party is on no shipment yet; a deleted one leaves its shipments through their own update (SET NULL).
CREATE OR REPLACE FUNCTION freight_notify_parties_change() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'shippers' THEN
    PERFORM freight_notify_tracking(ARRAY(
      SELECT s.tracking_number FROM shipments s WHERE s.shipper_id IN (
        SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.name, n.company) IS DISTINCT FROM (o.name, o.company)
      ) LIMIT 101
    ));
  ELSE
    PERFORM freight_notify_tracking(ARRAY(
      SELECT s.tracking_number FROM shipments s WHERE s.consignee_id IN (
        SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.name, n.company) IS DISTINCT FROM (o.name, o.company)
      ) LIMIT 101
    ));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Statement triggers, one per event (a trigger with transition tables has a single event).
DO $$
DECLARE
  target record;
BEGIN
  FOR target IN SELECT * FROM (VALUES
    ('shipments', 'freight_notify_shipments_change'),
    ('shipment_status_history', 'freight_notify_shipment_rows_change'),
    ('shipment_deliveries', 'freight_notify_shipment_rows_change')
  ) AS t(name, fn) LOOP
    EXECUTE format('CREATE TRIGGER %1$s_tracking_insert AFTER INSERT ON %1$I
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %2$I()', target.name, target.fn);
    EXECUTE format('CREATE TRIGGER %1$s_tracking_update AFTER UPDATE ON %1$I
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %2$I()',
      target.name, target.fn);
    EXECUTE format('CREATE TRIGGER %1$s_tracking_delete AFTER DELETE ON %1$I
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %2$I()', target.name, target.fn);
    EXECUTE format('CREATE TRIGGER %1$s_tracking_truncate AFTER TRUNCATE ON %1$I
      FOR EACH STATEMENT EXECUTE FUNCTION %2$I()', target.name, target.fn);
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shippers_tracking_update AFTER UPDATE ON shippers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION freight_notify_parties_change();
--> statement-breakpoint
CREATE TRIGGER consignees_tracking_update AFTER UPDATE ON consignees
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION freight_notify_parties_change();
