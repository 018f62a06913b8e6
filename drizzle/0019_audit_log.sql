CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"actor_email" text,
	"client_address" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"shipment_id" uuid,
	"changes" jsonb
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_admin_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_shipment_idx" ON "audit_log" USING btree ("shipment_id","created_at" DESC NULLS LAST) WHERE "audit_log"."shipment_id" is not null;--> statement-breakpoint
-- hand-written
-- The audit log's triggers (decision 021). audit_row_change() records a staff write in the same transaction
-- as the change, from the connection settings the admin middleware sets (app.actor_id, app.actor_name,
-- app.actor_email, app.client_address); without app.actor_id (public forms, the scheduler, the outbox
-- worker, the CLI) it records nothing. Arguments: the row's id column, the column naming its shipment ('' for
-- none), then columns never to record. Columns named like *hash*, *token*, *secret* or password*, and id,
-- created_at and updated_at, are never recorded whatever the arguments say; an update that changes nothing else records
-- nothing. Long texts are clipped to 2,000 characters.
CREATE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor text := nullif(current_setting('app.actor_id', true), '');
  old_row jsonb;
  new_row jsonb;
  any_row jsonb;
  changes jsonb := '{}'::jsonb;
  skip text[] := ARRAY['id', 'created_at', 'updated_at'];
  col text;
  before_value jsonb;
  after_value jsonb;
BEGIN
  IF actor IS NULL THEN
    RETURN NULL;
  END IF;
  FOR i IN 2 .. TG_NARGS - 1 LOOP
    skip := skip || TG_ARGV[i];
  END LOOP;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  any_row := coalesce(new_row, old_row);
  IF TG_TABLE_NAME = 'site_settings' THEN
    -- A settings group is one jsonb value: record its fields, not the whole value twice.
    old_row := old_row -> 'value';
    new_row := new_row -> 'value';
  END IF;
  FOR col IN SELECT jsonb_object_keys(coalesce(new_row, '{}'::jsonb) || coalesce(old_row, '{}'::jsonb)) LOOP
    CONTINUE WHEN col = ANY (skip) OR col ~* '(hash|token|secret)' OR col ~* '^password';
    before_value := coalesce(old_row -> col, 'null'::jsonb);
    after_value := coalesce(new_row -> col, 'null'::jsonb);
    CONTINUE WHEN before_value = after_value;
    IF jsonb_typeof(before_value) = 'string' AND length(before_value #>> '{}') > 2000 THEN
      before_value := to_jsonb(left(before_value #>> '{}', 2000) || '…');
    END IF;
    IF jsonb_typeof(after_value) = 'string' AND length(after_value #>> '{}') > 2000 THEN
      after_value := to_jsonb(left(after_value #>> '{}', 2000) || '…');
    END IF;
    changes := changes || jsonb_build_object(col, jsonb_build_array(before_value, after_value));
  END LOOP;
  IF TG_OP = 'UPDATE' AND changes = '{}'::jsonb THEN
    RETURN NULL;
  END IF;
  INSERT INTO audit_log (actor_id, actor_name, actor_email, client_address, action, entity, entity_id, shipment_id, changes)
  VALUES (
    actor::uuid,
    nullif(current_setting('app.actor_name', true), ''),
    nullif(current_setting('app.actor_email', true), ''),
    nullif(current_setting('app.client_address', true), ''),
    lower(TG_OP),
    TG_TABLE_NAME,
    any_row ->> TG_ARGV[0],
    CASE WHEN TG_ARGV[1] = '' THEN NULL ELSE (any_row ->> TG_ARGV[1])::uuid END,
    changes
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_shipments AFTER INSERT OR UPDATE OR DELETE ON shipments FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', 'id', 'tracking_key', 'last_event_at');
--> statement-breakpoint
CREATE TRIGGER audit_shipment_status_history AFTER INSERT OR UPDATE OR DELETE ON shipment_status_history FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', 'shipment_id');
--> statement-breakpoint
CREATE TRIGGER audit_shipment_deliveries AFTER INSERT OR UPDATE OR DELETE ON shipment_deliveries FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', 'shipment_id', 'signature');
--> statement-breakpoint
CREATE TRIGGER audit_delivery_photos AFTER INSERT OR UPDATE OR DELETE ON delivery_photos FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', 'shipment_id', 'data');
--> statement-breakpoint
CREATE TRIGGER audit_shipment_notification_recipients AFTER INSERT OR UPDATE OR DELETE ON shipment_notification_recipients FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', 'shipment_id');
--> statement-breakpoint
CREATE TRIGGER audit_notification_subscribers AFTER INSERT OR UPDATE OR DELETE ON notification_subscribers FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', 'shipment_id', 'secret_hash');
--> statement-breakpoint
CREATE TRIGGER audit_shippers AFTER INSERT OR UPDATE OR DELETE ON shippers FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', '');
--> statement-breakpoint
CREATE TRIGGER audit_consignees AFTER INSERT OR UPDATE OR DELETE ON consignees FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', '');
--> statement-breakpoint
CREATE TRIGGER audit_quote_requests AFTER INSERT OR UPDATE OR DELETE ON quote_requests FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', '', 'submission_key');
--> statement-breakpoint
CREATE TRIGGER audit_quotes AFTER INSERT OR UPDATE OR DELETE ON quotes FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', '', 'token_hash');
--> statement-breakpoint
CREATE TRIGGER audit_quote_lines AFTER INSERT OR UPDATE OR DELETE ON quote_lines FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', '');
--> statement-breakpoint
CREATE TRIGGER audit_contact_submissions AFTER INSERT OR UPDATE OR DELETE ON contact_submissions FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', '', 'submission_key');
--> statement-breakpoint
CREATE TRIGGER audit_blog_posts AFTER INSERT OR UPDATE OR DELETE ON blog_posts FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', '');
--> statement-breakpoint
CREATE TRIGGER audit_cms_media AFTER INSERT OR UPDATE OR DELETE ON cms_media FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', '', 'data');
--> statement-breakpoint
CREATE TRIGGER audit_site_settings AFTER INSERT OR UPDATE OR DELETE ON site_settings FOR EACH ROW EXECUTE FUNCTION audit_row_change('key', '');
--> statement-breakpoint
CREATE TRIGGER audit_admin_users AFTER INSERT OR UPDATE OR DELETE ON admin_users FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', '', 'password_hash');
--> statement-breakpoint
-- Nobody changes an entry: an UPDATE is refused, except the foreign key's SET NULL when the account is deleted;
-- a DELETE is refused on a connection that acts for a staff member (only the prune, which runs without one,
-- removes rows past the retention).
CREATE FUNCTION audit_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.actor_id IS NOT NULL AND NEW.actor_id IS NULL
     AND (to_jsonb(NEW) - 'actor_id') = (to_jsonb(OLD) - 'actor_id') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' AND nullif(current_setting('app.actor_id', true), '') IS NULL THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_guard BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_guard();
