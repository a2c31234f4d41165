CREATE TABLE "allergies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "allergies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_id" integer NOT NULL,
	"substance" text NOT NULL,
	"reaction" text DEFAULT '' NOT NULL,
	"onset" date,
	"status" text DEFAULT 'active' NOT NULL,
	"recorded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conditions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conditions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_id" integer NOT NULL,
	"name" text NOT NULL,
	"onset" date,
	"status" text DEFAULT 'active' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vital_thresholds" (
	"patient_id" integer NOT NULL,
	"measurement" text NOT NULL,
	"low" numeric(5, 1),
	"high" numeric(5, 1),
	"set_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vital_thresholds_patient_id_measurement_pk" PRIMARY KEY("patient_id","measurement")
);
--> statement-breakpoint
DROP INDEX "vital_signs_patient_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "temperature_unit" text DEFAULT 'C' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "glucose_unit" text DEFAULT 'mmol/L' NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "no_known_allergies_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "no_known_allergies_by" integer;--> statement-breakpoint
ALTER TABLE "vital_signs" ADD COLUMN "alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "allergies" ADD CONSTRAINT "allergies_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allergies" ADD CONSTRAINT "allergies_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vital_thresholds" ADD CONSTRAINT "vital_thresholds_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vital_thresholds" ADD CONSTRAINT "vital_thresholds_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allergies_patient_idx" ON "allergies" USING btree ("patient_id","created_at","id");--> statement-breakpoint
CREATE INDEX "conditions_patient_idx" ON "conditions" USING btree ("patient_id","created_at","id");--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_no_known_allergies_by_users_id_fk" FOREIGN KEY ("no_known_allergies_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vital_signs_patient_idx" ON "vital_signs" USING btree ("patient_id","taken_at","id");