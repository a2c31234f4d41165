/**
 * The registry of record types that hold patient data: one entry per type, and every place that
 * lists types (server routes, restore, deleted records, audit labels, client router, sidebar,
 * query keys) derives from it. Adding a type starts here.
 */
import type { Permission } from './permissions.ts';

export interface RecordTypeDefinition {
  /** The audit entity and the deleted-records type: kebab-case, singular. */
  type: string;
  /** The URL segment under /api (plural): `/api/<plural>`, `/api/<plural>/{id}`, `/api/<plural>/patient/{id}`. */
  plural: string;
  /** Words for people: "Medical record" / "Medical records"; `audit` is the audit log's label. */
  labels: { one: string; many: string; audit: string };
  /** The permission each call needs (the permission table decides who holds it). */
  access: { read: Permission; create: Permission; update: Permission; remove: Permission };
  /** True for the types that share the clinical-record mechanism (scope, soft delete, restore). */
  clinical: boolean;
  /** The client screen that lists this type, if it has one of its own. */
  screen?: string;
  /**
   * An add a caregiver can make offline (shared/offline.ts `offlineWrites`): its create route
   * takes an Idempotency-Key and X-Recorded-At.
   */
  offline?: true;
}

/** Every record type of patient data, in the order screens and filters list them. */
export const recordTypes = [
  {
    type: 'patient',
    plural: 'patients',
    labels: { one: 'Patient', many: 'Patients', audit: 'Patient record' },
    access: {
      read: 'patients:read',
      create: 'patients:write',
      update: 'patients:write',
      remove: 'patients:write',
    },
    clinical: false,
    screen: '/patients',
  },
  {
    type: 'appointment',
    plural: 'appointments',
    labels: { one: 'Appointment', many: 'Appointments', audit: 'Appointment' },
    access: {
      read: 'appointments:read',
      create: 'appointments:write',
      update: 'appointments:write',
      remove: 'appointments:write',
    },
    clinical: false,
    screen: '/appointments',
  },
  {
    type: 'medical-record',
    plural: 'medical-records',
    labels: { one: 'Medical record', many: 'Medical records', audit: 'Medical record' },
    access: {
      read: 'medical-records:read',
      create: 'medical-records:write',
      update: 'medical-records:write',
      remove: 'medical-records:write',
    },
    clinical: true,
    screen: '/medical-records',
  },
  {
    type: 'progress-report',
    plural: 'progress-reports',
    labels: { one: 'Progress report', many: 'Progress reports', audit: 'Progress report' },
    access: {
      read: 'progress-reports:read',
      create: 'progress-reports:create',
      // Doctors edit any report in scope, caregivers their own: the service decides (403).
      update: 'progress-reports:read',
      remove: 'progress-reports:write',
    },
    clinical: true,
    offline: true,
    screen: '/progress-report',
  },
  {
    type: 'prescription',
    plural: 'prescriptions',
    labels: { one: 'Prescription', many: 'Prescriptions', audit: 'Prescription' },
    access: {
      read: 'prescriptions:read',
      create: 'prescriptions:write',
      update: 'prescriptions:write',
      remove: 'prescriptions:write',
    },
    clinical: true,
    screen: '/prescriptions-medication',
  },
  {
    type: 'medication',
    plural: 'medications',
    labels: { one: 'Medication record', many: 'Medication records', audit: 'Medication record' },
    access: {
      read: 'medications:read',
      create: 'medications:log',
      update: 'medications:write',
      remove: 'medications:write',
    },
    clinical: true,
    screen: '/prescriptions-medication',
  },
  {
    type: 'vital-sign',
    plural: 'vital-signs',
    labels: { one: 'Vital signs reading', many: 'Vital signs', audit: 'Vital signs reading' },
    access: {
      read: 'vital-signs:read',
      create: 'vital-signs:record',
      // Editors on the care team change any reading in scope, a patient their own: the service
      // decides (403).
      update: 'vital-signs:record',
      remove: 'vital-signs:record',
    },
    clinical: true,
    offline: true,
  },
  {
    type: 'allergy',
    plural: 'allergies',
    labels: { one: 'Allergy', many: 'Allergies', audit: 'Allergy' },
    access: {
      read: 'allergies:read',
      create: 'allergies:write',
      update: 'allergies:write',
      remove: 'allergies:write',
    },
    clinical: true,
  },
  {
    type: 'condition',
    plural: 'conditions',
    labels: { one: 'Condition', many: 'Conditions', audit: 'Condition' },
    access: {
      read: 'conditions:read',
      create: 'conditions:write',
      update: 'conditions:write',
      remove: 'conditions:write',
    },
    clinical: true,
  },
  {
    type: 'dose',
    plural: 'doses',
    labels: { one: 'Dose', many: 'Doses', audit: 'Medication dose' },
    access: {
      read: 'doses:read',
      create: 'doses:record',
      // A correction: the outcome changes, the version it replaces is kept.
      update: 'doses:record',
      remove: 'doses:record',
    },
    clinical: true,
    offline: true,
  },
  {
    type: 'visit',
    plural: 'visits',
    labels: { one: 'Visit', many: 'Visits', audit: 'Caregiver visit' },
    access: {
      read: 'visits:read',
      create: 'visits:plan',
      update: 'visits:plan',
      remove: 'visits:plan',
    },
    clinical: true,
    screen: '/rota',
  },
  {
    type: 'care-plan-task',
    plural: 'care-plan-tasks',
    labels: { one: 'Care plan task', many: 'Care plan tasks', audit: 'Care plan task' },
    access: {
      read: 'visits:read',
      create: 'care-plan:write',
      update: 'care-plan:write',
      remove: 'care-plan:write',
    },
    clinical: true,
  },
] as const satisfies readonly RecordTypeDefinition[];

export type RecordType = (typeof recordTypes)[number]['type'];
export type ClinicalRecordType = Extract<(typeof recordTypes)[number], { clinical: true }>['type'];

export const recordTypeNames = recordTypes.map((t) => t.type) as [RecordType, ...RecordType[]];
export const clinicalRecordTypeNames = recordTypes.filter((t) => t.clinical).map((t) => t.type) as [
  ClinicalRecordType,
  ...ClinicalRecordType[],
];

/** The registry entry of a type. */
export function recordType(type: RecordType): RecordTypeDefinition {
  return recordTypes.find((t) => t.type === type)!;
}

/** The API base of a type: `/api/<plural>`. */
export const apiPathOf = (type: RecordType): string => `/api/${recordType(type).plural}`;

/**
 * The restore call of a type: POST `/api/patients/{id}/restore` for a patient, where every call
 * on one patient starts with its id, and `/api/<plural>/restore/{id}` for the rest (the action
 * before the id, so it never reads like a list by person such as `/appointments/doctor/{id}`).
 */
export const restorePathOf = (type: RecordType, id: number): string =>
  type === 'patient' ? `${apiPathOf(type)}/${id}/restore` : `${apiPathOf(type)}/restore/${id}`;
