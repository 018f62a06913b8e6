-- Every change to the site settings is announced on the 'freight_events' channel, so each app instance
-- drops its cached copy at once (app/server/settings.server.ts), whichever instance or tool made it.
CREATE OR REPLACE FUNCTION freight_notify_site_settings() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('freight_events', json_build_object('type', 'site_settings.changed')::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER site_settings_notify AFTER INSERT OR UPDATE OR DELETE ON site_settings
  FOR EACH STATEMENT EXECUTE FUNCTION freight_notify_site_settings();
