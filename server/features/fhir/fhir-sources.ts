/**
 * Where each FHIR resource type comes from: one SQL source per table (two for
 * MedicationAdministration, AllergyIntolerance and DocumentReference), read either for one
 * patient (`forPatient`) or agency-wide in keyset pages by id (`page`). Only live rows of live
 * patients; the SQL here holds no text from a request (values travel as parameters).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Permission } from '../../../shared/permissions.ts';
import type { FhirResourceType } from '../../../shared/schemas/fhir.ts';
import {
  observationsPerReadingSql,
  toAllergyIntolerance,
  toAppointment,
  toCareTeam,
  toCondition,
  toDoseAdministration,
  toEncounter,
  toLogAdministration,
  toMedicalRecordDocument,
  toMedicationRequest,
  toNoKnownAllergies,
  toObservations,
  toPatient,
  toPractitioner,
  toProgressReportDocument,
  toRelatedPerson,
  type AllergyRow,
  type AppointmentRow,
  type CareTeamRow,
  type ConditionRow,
  type DoseRow,
  type FhirResource,
  type MedicalRecordRow,
  type MedicationLogRow,
  type PatientRow,
  type PractitionerRow,
  type PrescriptionRow,
  type ProgressReportRow,
  type VisitRow,
  type VitalSignRow,
} from './fhir-resources.ts';

/** What a mapper may need beyond its row. */
export interface MapEnv {
  /** Today in UTC (YYYY-MM-DD): a prescription ended before it is completed. */
  today: string;
  /** Whether MedicationRequests are in the export, so a dose may point at its prescription. */
  withPrescriptions: boolean;
}

export interface Source {
  type: FhirResourceType;
  /** What the caller must hold for these resources to be in their export. */
  permission: Permission;
  /** The audit entity of each row exported (null: covered by another row, e.g. the patient's). */
  auditEntity: string | null;
  columns: string;
  /** `from ... where ...`: the live rows of live patients. */
  from: string;
  /** The keyset column (ids ascending). */
  key: string;
  /** The column holding the row's patient id. */
  patient: string;
  /** How many resources a row makes, as SQL (default 1). */
  count?: string;
  /** The row's resources (`never`: each source maps the row type its columns give). */
  map(row: never, env: MapEnv): FhirResource[];
  /** The staff a row names, who are then exported as Practitioners. */
  clinicians?(row: never): (number | null)[];
}

const iso = (column: string) =>
  `to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The rows of a record table whose patient is live. */
const liveRecords = (table: string) =>
  `from ${table} r join patients p on p.id = r.patient_id and p.deleted_at is null where r.deleted_at is null`;

const patientColumns = `p.id, p.first_name as "firstName", p.last_name as "lastName",
  p.dob::text as dob, p.gender, p.address, p.phone_number as "phoneNumber",
  p.emergency_contact as "emergencyContact", p.emergency_contact_phone as "emergencyContactPhone",
  ${iso('p.no_known_allergies_at')} as "noKnownAllergiesAt", ${iso('p.updated_at')} as "updatedAt"`;
const livePatients = 'from patients p where p.deleted_at is null';

const one =
  <T>(map: (row: T) => FhirResource) =>
  (row: T) => [map(row)];

export const sources: Source[] = [
  {
    type: 'Patient',
    permission: 'patients:read',
    auditEntity: 'patient',
    columns: patientColumns,
    from: livePatients,
    key: 'p.id',
    patient: 'p.id',
    map: one<PatientRow>(toPatient),
  },
  {
    type: 'RelatedPerson',
    permission: 'patients:read',
    auditEntity: null,
    columns: patientColumns,
    from: `${livePatients} and btrim(p.emergency_contact) <> ''`,
    key: 'p.id',
    patient: 'p.id',
    map: (row: PatientRow) => toRelatedPerson(row),
  },
  {
    type: 'CareTeam',
    permission: 'patients:read',
    auditEntity: 'care-team',
    columns: `p.id as "patientId", (select json_agg(json_build_object('userId', c.user_id, 'role', u.role) order by c.user_id)
      from care_team_members c join users u on u.id = c.user_id where c.patient_id = p.id) as members`,
    from: `${livePatients} and exists (select 1 from care_team_members c where c.patient_id = p.id)`,
    key: 'p.id',
    patient: 'p.id',
    map: one<CareTeamRow>(toCareTeam),
    clinicians: (row: CareTeamRow) => row.members.map((member) => member.userId),
  },
  {
    type: 'Appointment',
    permission: 'appointments:read',
    auditEntity: 'appointment',
    columns: `r.id, r.patient_id as "patientId", r.doctor_id as "doctorId",
      ${iso('r.appointment_date')} as start,
      ${iso("r.appointment_date + r.duration_minutes * interval '1 minute'")} as "end",
      r.duration_minutes as "durationMinutes", r.location, r.status,
      r.cancel_reason as "cancelReason", ${iso('r.created_at')} as "createdAt"`,
    from: liveRecords('appointments'),
    key: 'r.id',
    patient: 'r.patient_id',
    map: one<AppointmentRow>(toAppointment),
    clinicians: (row: AppointmentRow) => [row.doctorId],
  },
  {
    type: 'Encounter',
    permission: 'visits:read',
    auditEntity: 'visit',
    columns: `r.id, r.patient_id as "patientId", r.caregiver_id as "caregiverId",
      ${iso('r.planned_start')} as "plannedStart", ${iso('r.planned_end')} as "plannedEnd",
      ${iso('r.check_in_at')} as "checkInAt", ${iso('r.check_out_at')} as "checkOutAt",
      r.service_type as "serviceType", r.status, r.cancel_reason as "cancelReason"`,
    from: liveRecords('visits'),
    key: 'r.id',
    patient: 'r.patient_id',
    map: one<VisitRow>(toEncounter),
    clinicians: (row: VisitRow) => [row.caregiverId],
  },
  {
    type: 'Condition',
    permission: 'conditions:read',
    auditEntity: 'condition',
    columns: `r.id, r.patient_id as "patientId", r.name, r.onset::text as onset, r.status, r.note,
      ${iso('r.created_at')} as "createdAt"`,
    from: liveRecords('conditions'),
    key: 'r.id',
    patient: 'r.patient_id',
    map: one<ConditionRow>(toCondition),
  },
  {
    type: 'AllergyIntolerance',
    permission: 'allergies:read',
    auditEntity: 'allergy',
    columns: `r.id, r.patient_id as "patientId", r.substance, r.reaction, r.onset::text as onset,
      r.status, ${iso('r.created_at')} as "createdAt"`,
    from: liveRecords('allergies'),
    key: 'r.id',
    patient: 'r.patient_id',
    map: one<AllergyRow>(toAllergyIntolerance),
  },
  {
    // "No known allergies" is a column of the patient.
    type: 'AllergyIntolerance',
    permission: 'allergies:read',
    auditEntity: null,
    columns: patientColumns,
    from: `${livePatients} and p.no_known_allergies_at is not null`,
    key: 'p.id',
    patient: 'p.id',
    map: (row: PatientRow) => toNoKnownAllergies(row),
  },
  {
    type: 'MedicationRequest',
    permission: 'prescriptions:read',
    auditEntity: 'prescription',
    columns: `r.id, r.patient_id as "patientId", r.doctor_id as "doctorId", r.date::text as date,
      r.medication, r.dosage, r.duration, r.details, r.route, r.instructions, r.schedule,
      r.start_date::text as "startDate", r.end_date::text as "endDate", r.dose_times as "doseTimes",
      r.weekdays, r.prn_min_interval_minutes as "prnMinIntervalMinutes",
      r.prn_max_per_day as "prnMaxPerDay"`,
    from: liveRecords('prescriptions'),
    key: 'r.id',
    patient: 'r.patient_id',
    map: (row: Omit<PrescriptionRow, 'today'>, env) => [
      toMedicationRequest({ ...row, today: env.today }),
    ],
    clinicians: (row: PrescriptionRow) => [row.doctorId],
  },
  {
    type: 'MedicationAdministration',
    permission: 'doses:read',
    auditEntity: 'dose',
    columns: `r.id, r.patient_id as "patientId", r.prescription_id as "prescriptionId",
      (s.deleted_at is null) as "prescriptionLive", s.medication, s.details, s.dosage, r.outcome,
      ${iso('r.given_at')} as "givenAt", ${iso('r.dose_time')} as "doseTime", r.reason,
      r.prn_reason as "prnReason", r.note`,
    from: `from doses r join patients p on p.id = r.patient_id and p.deleted_at is null
      join prescriptions s on s.id = r.prescription_id where r.deleted_at is null`,
    key: 'r.id',
    patient: 'r.patient_id',
    map: (row: DoseRow, env) => [
      toDoseAdministration({
        ...row,
        prescriptionLive: row.prescriptionLive && env.withPrescriptions,
      }),
    ],
  },
  {
    // The log's entries that record no dose (a dose's own entry is the dose above).
    type: 'MedicationAdministration',
    permission: 'medications:read',
    auditEntity: 'medication',
    columns: `r.id, r.patient_id as "patientId", ${iso('r.date')} as date, r.details`,
    from: `${liveRecords('medications')} and not exists (select 1 from doses d where d.medication_id = r.id)`,
    key: 'r.id',
    patient: 'r.patient_id',
    map: one<MedicationLogRow>(toLogAdministration),
  },
  {
    type: 'Observation',
    permission: 'vital-signs:read',
    auditEntity: 'vital-sign',
    columns: `r.id, r.patient_id as "patientId", ${iso('r.taken_at')} as "takenAt", r.systolic,
      r.diastolic, r.pulse, r.respiratory_rate as "respiratoryRate",
      r.temperature_c::float8 as "temperatureC", r.spo2, r.glucose_mmol_l::float8 as "glucoseMmolL",
      r.weight_kg::float8 as "weightKg", r.pain, r.note`,
    from: liveRecords('vital_signs'),
    key: 'r.id',
    patient: 'r.patient_id',
    count: observationsPerReadingSql,
    map: (row: VitalSignRow) => toObservations(row),
  },
  {
    type: 'DocumentReference',
    permission: 'progress-reports:read',
    auditEntity: 'progress-report',
    columns: `r.id, r.patient_id as "patientId", r.caregiver_id as "caregiverId",
      r.report_id as "reportId", ${iso('r.date')} as date, r.summary, r.recommendations,
      r.overall_health as "overallHealth", ${iso('r.created_at')} as "createdAt"`,
    from: liveRecords('progress_reports'),
    key: 'r.id',
    patient: 'r.patient_id',
    map: one<ProgressReportRow>(toProgressReportDocument),
    clinicians: (row: ProgressReportRow) => [row.caregiverId],
  },
  {
    type: 'DocumentReference',
    permission: 'medical-records:read',
    auditEntity: 'medical-record',
    columns: `r.id, r.patient_id as "patientId", r.doctor_id as "doctorId",
      ${iso('r.date_of_visit')} as "dateOfVisit", r.location, r.diagnosis,
      r.treatment_plan as "treatmentPlan", r.notes, ${iso('r.created_at')} as "createdAt"`,
    from: liveRecords('medical_records'),
    key: 'r.id',
    patient: 'r.patient_id',
    map: one<MedicalRecordRow>(toMedicalRecordDocument),
    clinicians: (row: MedicalRecordRow) => [row.doctorId],
  },
];

/** Practitioners: for one patient, the staff its resources name; agency-wide, every clinician. */
export const practitioners = {
  type: 'Practitioner' as const,
  columns: `u.id, u.first_name as "firstName", u.second_name as "secondName", u.role,
    u.is_active as "isActive"`,
  from: `from users u where u.role in ('doctor', 'caregiver')`,
  key: 'u.id',
  map: (row: PractitionerRow) => [toPractitioner(row)],
};

/** A source's rows for one patient, in id order. */
export const forPatient = (source: Source, patientId: number): SQL =>
  sql`select ${sql.raw(source.columns)} ${sql.raw(source.from)} and ${sql.raw(source.patient)} = ${patientId} order by ${sql.raw(source.key)}`;

/** The named users, as Practitioners (whatever their role: the record names them). */
export const practitionersById = (ids: number[]): SQL =>
  sql`select ${sql.raw(practitioners.columns)} from users u where u.id = any(${`{${ids.join(',')}}`}::int[]) order by u.id`;

/** The next keyset page of a source agency-wide: rows with a key above `after`. */
export const page = (
  source: Pick<Source, 'columns' | 'from' | 'key'>,
  after: number,
  limit: number,
): SQL =>
  sql`select ${sql.raw(source.key)} as "_key", ${sql.raw(source.columns)} ${sql.raw(source.from)} and ${sql.raw(source.key)} > ${after} order by ${sql.raw(source.key)} limit ${limit}`;

/** How many resources a source makes agency-wide. */
export const countOf = (source: Pick<Source, 'from' | 'count'>): SQL =>
  sql`select coalesce(sum(${sql.raw(source.count ?? '1')}), 0)::float8 as n ${sql.raw(source.from)}`;
