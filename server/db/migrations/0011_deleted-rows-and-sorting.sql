CREATE INDEX "patients_deleted_idx" ON "patients" USING btree ("deleted_at") WHERE "patients"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "appointments_deleted_idx" ON "appointments" USING btree ("deleted_at") WHERE "appointments"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "allergies_deleted_idx" ON "allergies" USING btree ("deleted_at") WHERE "allergies"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "conditions_deleted_idx" ON "conditions" USING btree ("deleted_at") WHERE "conditions"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "medical_records_deleted_idx" ON "medical_records" USING btree ("deleted_at") WHERE "medical_records"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "medications_deleted_idx" ON "medications" USING btree ("deleted_at") WHERE "medications"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "prescriptions_deleted_idx" ON "prescriptions" USING btree ("deleted_at") WHERE "prescriptions"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "progress_reports_deleted_idx" ON "progress_reports" USING btree ("deleted_at") WHERE "progress_reports"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "vital_signs_deleted_idx" ON "vital_signs" USING btree ("deleted_at") WHERE "vital_signs"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "doses_deleted_idx" ON "doses" USING btree ("deleted_at") WHERE "doses"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "care_plan_tasks_deleted_idx" ON "care_plan_tasks" USING btree ("deleted_at") WHERE "care_plan_tasks"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "visits_deleted_idx" ON "visits" USING btree ("deleted_at") WHERE "visits"."deleted_at" is not null;