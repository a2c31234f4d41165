ALTER TABLE "audit_log" ADD COLUMN "subject_user_id" integer;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "recorded_by" integer;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;