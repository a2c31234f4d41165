import { desc, sql } from 'drizzle-orm';
import { can } from '../../../shared/permissions.ts';
import { parseClinicalInstant } from '../../../shared/schemas/clinical.ts';
import {
  vitalSignInputSchema,
  vitalSignSchema,
  type VitalSignInput,
} from '../../../shared/schemas/vital-signs.ts';
import { vitalMeasurements } from '../../../shared/constants.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import { vitalSigns as table } from '../../db/schema/index.ts';
import {
  clinicalRecords,
  isoText,
  patientNameOf,
  userRoleOf,
  type StoredRow,
} from '../clinical-common/clinical-records.ts';
import { defineRecordFeature } from '../clinical-common/record-routes.ts';
import { alertIfOutOfRange } from './vital-sign-alerts.ts';

const records = clinicalRecords({
  type: 'vital-sign',
  table,
  answer: vitalSignSchema,
  fields: {
    id: table.id,
    patientId: table.patientId,
    patientName: patientNameOf(table.patientId),
    takenAt: table.takenAt,
    systolic: table.systolic,
    diastolic: table.diastolic,
    pulse: table.pulse,
    respiratoryRate: table.respiratoryRate,
    temperatureC: table.temperatureC,
    spo2: table.spo2,
    glucoseMmolL: table.glucoseMmolL,
    weightKg: table.weightKg,
    pain: table.pain,
    note: table.note,
    recordedByRole: userRoleOf(table.recordedBy),
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  },
  dated: table.takenAt,
  newestFirst: [desc(table.takenAt), desc(table.id)],
  searchable: [table.note],
  // Whoever took the reading enters it: a patient's home reading is the patient's own.
  recorder: 'recordedBy',
  deleted: {
    // The reading in short, e.g. "BP 128/82, pulse 72, 36.8 °C".
    summary: sql`coalesce(nullif(concat_ws(', ',
      'BP ' || ${table.systolic} || '/' || ${table.diastolic},
      'pulse ' || ${table.pulse},
      'resp. ' || ${table.respiratoryRate} || '/min',
      ${table.temperatureC} || ' °C',
      'SpO2 ' || ${table.spo2} || '%',
      'glucose ' || ${table.glucoseMmolL} || ' mmol/L',
      ${table.weightKg} || ' kg',
      'pain ' || ${table.pain} || '/10'), ''), 'Vital signs')`,
    recordDate: isoText(table.takenAt),
  },
});

/**
 * Editors on the care team (vital-signs:write) change any reading in scope; anyone else who may
 * record (a patient) only the readings they took themselves.
 */
const mayChange = (reading: StoredRow<typeof table>, user: SessionUser): boolean =>
  can(user, 'vital-signs:write') || reading.recordedBy === user.id;

/** A whole reading: a measurement left out of an edit is no longer measured (null). */
const toColumns = (input: VitalSignInput) => ({
  ...input,
  ...Object.fromEntries(vitalMeasurements.map((name) => [name, input[name] ?? null])),
  takenAt: parseClinicalInstant(input.takenAt)!,
});

export const vitalSignsService = {
  ...records.standard,

  /**
   * Records a reading for a patient in the caller's scope; the caller is who took it. Outside
   * the patient's ranges, the care team is told in the same transaction.
   */
  create: (ctx: RequestContext, input: VitalSignInput) =>
    records.create(ctx, toColumns(input), {
      after: (tx, row) => alertIfOutOfRange(tx, ctx.clock.now(), row),
      // The alert stamps alertedAt, which the answer leaves out.
      keepsRow: true,
    }),

  /**
   * Changes a reading: editors any in scope, a patient their own; who took it stays. An edit
   * that puts a reading outside the ranges alerts, unless the reading has alerted before.
   */
  update: (ctx: RequestContext, id: number, input: VitalSignInput) =>
    records.update(ctx, id, toColumns(input), {
      authorize: mayChange,
      after: (tx, row) => alertIfOutOfRange(tx, ctx.clock.now(), row),
    }),

  /** Soft-deletes a reading under the same rule as an edit. */
  remove: (ctx: RequestContext, id: number) => records.remove(ctx, id, { authorize: mayChange }),
};

/** Served by clinical-common/record-routes.ts under /api/vital-signs. */
export const vitalSignsFeature = defineRecordFeature({
  input: vitalSignInputSchema,
  service: vitalSignsService,
  kind: records.kind,
});
