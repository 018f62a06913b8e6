-- Every change to what the public pages show (site settings, blog posts, media) is announced on the
-- 'freight_events' channel, so each app instance drops its cached copies at once (settings and page
-- caches, app/server/settings.server.ts and page-cache.server.ts), whichever instance or tool wrote.
CREATE OR REPLACE FUNCTION freight_notify_content_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('freight_events', json_build_object('type', 'content.changed', 'table', TG_TABLE_NAME)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER site_settings_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_settings
  FOR EACH STATEMENT EXECUTE FUNCTION freight_notify_content_change();
--> statement-breakpoint
CREATE TRIGGER blog_posts_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blog_posts
  FOR EACH STATEMENT EXECUTE FUNCTION freight_notify_content_change();
--> statement-breakpoint
CREATE TRIGGER cms_media_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cms_media
  FOR EACH STATEMENT EXECUTE FUNCTION freight_notify_content_change();
--> statement-breakpoint
CREATE TRIGGER cms_media_variants_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cms_media_variants
  FOR EACH STATEMENT EXECUTE FUNCTION freight_notify_content_change();
