-- Every new quote request or contact message is announced on the 'freight_events' channel, whichever
-- app instance (or tool) inserted it. Admin pages listen through Server-Sent Events.
CREATE OR REPLACE FUNCTION freight_notify_inbox() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify(
    'freight_events',
    json_build_object(
      'type', CASE TG_TABLE_NAME WHEN 'quote_requests' THEN 'quote_request.created' ELSE 'contact_submission.created' END,
      'id', NEW.id
    )::text
  );
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER quote_requests_notify AFTER INSERT ON quote_requests
  FOR EACH ROW EXECUTE FUNCTION freight_notify_inbox();
--> statement-breakpoint
CREATE TRIGGER contact_submissions_notify AFTER INSERT ON contact_submissions
  FOR EACH ROW EXECUTE FUNCTION freight_notify_inbox();
