ALTER TABLE "audit_log" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "audit_retention_years" smallint DEFAULT 6 NOT NULL;