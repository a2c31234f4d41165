DROP INDEX "medical_records_patient_idx";--> statement-breakpoint
CREATE INDEX "medical_records_patient_idx" ON "medical_records" USING btree ("patient_id","date_of_visit","id");