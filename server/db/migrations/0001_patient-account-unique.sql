DROP INDEX "patients_account_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "patients_account_idx" ON "patients" USING btree ("account_user_id") WHERE "patients"."deleted_at" is null;