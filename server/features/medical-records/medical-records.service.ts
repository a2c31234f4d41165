import { desc, eq, sql } from 'drizzle-orm';
import { parseClinicalInstant } from '../../../shared/schemas/clinical.ts';
import type { RecordListQuery } from '../../../shared/schemas/clinical.ts';
import {
  medicalRecordInputSchema,
  medicalRecordSchema,
  type MedicalRecordInput,
} from '../../../shared/schemas/medical-records.ts';
import type { RequestContext } from '../../auth/context.ts';
import { medicalRecords as table } from '../../db/schema/index.ts';
import {
  assertSelfOrSupervisor,
  clinicalRecords,
  isoText,
  patientNameOf,
  userNameOf,
} from '../clinical-common/clinical-records.ts';
import { defineRecordFeature } from '../clinical-common/record-routes.ts';

const records = clinicalRecords({
  type: 'medical-record',
  table,
  answer: medicalRecordSchema,
  fields: {
    id: table.id,
    patientId: table.patientId,
    patientName: patientNameOf(table.patientId),
    doctorId: table.doctorId,
    doctorName: userNameOf(table.doctorId),
    dateOfVisit: table.dateOfVisit,
    location: table.location,
    diagnosis: table.diagnosis,
    treatmentPlan: table.treatmentPlan,
    notes: table.notes,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  },
  dated: table.dateOfVisit,
  newestFirst: [desc(table.dateOfVisit), desc(table.id)],
  searchable: [table.diagnosis, table.location, table.treatmentPlan],
  recorder: 'createdBy',
  named: { key: 'doctorId', role: 'doctor' },
  deleted: { summary: sql`${table.diagnosis}`, recordDate: isoText(table.dateOfVisit) },
});

const toColumns = (input: MedicalRecordInput) => ({
  ...input,
  dateOfVisit: parseClinicalInstant(input.dateOfVisit)!,
});

export const medicalRecordsService = {
  ...records.standard,

  /** The records in a doctor's name (the caller's own, or any doctor's for a supervisor), in scope. */
  async listForDoctor(ctx: RequestContext, doctorId: number, query: RecordListQuery) {
    await assertSelfOrSupervisor(ctx, 'medical-record', doctorId);
    return records.list(ctx, query, {
      shape: 'doctor',
      where: (value) => eq(table.doctorId, value),
      value: doctorId,
    });
  },

  /** Adds a medical record for a patient in the caller's scope, in the named doctor's name. */
  create: (ctx: RequestContext, input: MedicalRecordInput) => records.create(ctx, toColumns(input)),

  /** Changes a medical record in the caller's scope. */
  update: (ctx: RequestContext, id: number, input: MedicalRecordInput) =>
    records.update(ctx, id, toColumns(input)),
};

/** Served by clinical-common/record-routes.ts under /api/medical-records. */
export const medicalRecordsFeature = defineRecordFeature({
  input: medicalRecordInputSchema,
  service: medicalRecordsService,
  kind: records.kind,
  byPerson: {
    segment: 'doctor',
    summary: "The records a doctor wrote: the caller's own, or any doctor's for a supervisor",
    list: medicalRecordsService.listForDoctor,
  },
});
