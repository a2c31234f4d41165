DROP INDEX "users_role_idx";--> statement-breakpoint
CREATE INDEX "users_role_name_idx" ON "users" USING btree ("role","first_name","second_name","id");