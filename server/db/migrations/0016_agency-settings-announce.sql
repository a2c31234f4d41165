-- Every change to the agency's settings, however it is made (the app, a script, psql), is
-- announced on eldercare_agency when it commits, so each instance's cached copy is dropped.
CREATE OR REPLACE FUNCTION announce_agency_settings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('eldercare_agency', 'changed');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agency_settings_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON agency_settings
  FOR EACH STATEMENT EXECUTE FUNCTION announce_agency_settings();
