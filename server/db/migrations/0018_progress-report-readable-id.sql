-- A progress report's readable id, PR-<year>-<row id, six digits>, given as the row is inserted:
-- the insert answers the report as stored, without an update of its own row in the same
-- transaction. A row inserted with its own id (a seed, a restore) keeps it; only the unique
-- placeholder the app inserts ('pending-<uuid>') is replaced. The year is the one the row was
-- created in (UTC), from the app's clock like every timestamp it writes.
CREATE OR REPLACE FUNCTION progress_report_readable_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.report_id LIKE 'pending-%' THEN
    NEW.report_id := 'PR-' || extract(year FROM NEW.created_at AT TIME ZONE 'UTC')::int || '-'
      || CASE WHEN NEW.id < 1000000 THEN lpad(NEW.id::text, 6, '0') ELSE NEW.id::text END;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER progress_reports_readable_id BEFORE INSERT ON progress_reports
  FOR EACH ROW EXECUTE FUNCTION progress_report_readable_id();
