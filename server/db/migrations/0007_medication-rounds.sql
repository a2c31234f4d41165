CREATE TABLE "agency_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text NOT NULL,
	"dose_window_minutes" smallint DEFAULT 60 NOT NULL,
	"dose_missed_after_minutes" smallint DEFAULT 240 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_settings_one_row" CHECK ("agency_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "dose_alerts" (
	"prescription_id" integer NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"patient_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dose_alerts_prescription_id_scheduled_at_kind_pk" PRIMARY KEY("prescription_id","scheduled_at","kind")
);
--> statement-breakpoint
CREATE TABLE "dose_corrections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dose_corrections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dose_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"given_at" timestamp with time zone,
	"reason" text,
	"prn_reason" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"replaced_by" integer NOT NULL,
	"replaced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "doses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_id" integer NOT NULL,
	"prescription_id" integer NOT NULL,
	"scheduled_at" timestamp with time zone,
	"outcome" text NOT NULL,
	"given_at" timestamp with time zone,
	"reason" text,
	"prn_reason" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"dose_time" timestamp with time zone NOT NULL,
	"medication_id" integer,
	"recorded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "route" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "schedule" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "dose_times" text[];--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "weekdays" smallint[];--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "prn_min_interval_minutes" integer;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "prn_max_per_day" smallint;--> statement-breakpoint
ALTER TABLE "agency_settings" ADD CONSTRAINT "agency_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dose_alerts" ADD CONSTRAINT "dose_alerts_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dose_alerts" ADD CONSTRAINT "dose_alerts_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dose_corrections" ADD CONSTRAINT "dose_corrections_dose_id_doses_id_fk" FOREIGN KEY ("dose_id") REFERENCES "public"."doses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dose_corrections" ADD CONSTRAINT "dose_corrections_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dose_corrections" ADD CONSTRAINT "dose_corrections_replaced_by_users_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doses" ADD CONSTRAINT "doses_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doses" ADD CONSTRAINT "doses_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doses" ADD CONSTRAINT "doses_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doses" ADD CONSTRAINT "doses_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dose_corrections_dose_idx" ON "dose_corrections" USING btree ("dose_id","replaced_at");--> statement-breakpoint
CREATE UNIQUE INDEX "doses_scheduled_unique" ON "doses" USING btree ("prescription_id","scheduled_at") WHERE "doses"."deleted_at" is null and "doses"."scheduled_at" is not null;--> statement-breakpoint
CREATE INDEX "doses_patient_idx" ON "doses" USING btree ("patient_id","dose_time","id");--> statement-breakpoint
CREATE INDEX "doses_prescription_idx" ON "doses" USING btree ("prescription_id","dose_time");--> statement-breakpoint
CREATE INDEX "doses_medication_idx" ON "doses" USING btree ("medication_id") WHERE "doses"."medication_id" is not null;--> statement-breakpoint
CREATE INDEX "prescriptions_scheduled_idx" ON "prescriptions" USING btree ("patient_id") WHERE "prescriptions"."schedule" is not null and "prescriptions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "prescriptions_fixed_end_idx" ON "prescriptions" USING btree ("end_date") WHERE "prescriptions"."schedule" = 'fixed' and "prescriptions"."deleted_at" is null;