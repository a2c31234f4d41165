import { desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { clinicalTexts } from '../../../shared/messages.ts';
import { parseClinicalInstant } from '../../../shared/schemas/clinical.ts';
import type { ListQuery } from '../../../shared/schemas/common.ts';
import type { MedicalRecord, MedicalRecordInput } from '../../../shared/schemas/medical-records.ts';
import { medicalRecords as table } from '../../db/schema/index.ts';
import { currentUser } from '../../plugins/access.ts';
import {
  assertActiveUser,
  assertSelfOrSupervisor,
  clinicalRecords,
  patientNameOf,
  userNameOf,
} from '../clinical-common/clinical-records.ts';

const records = clinicalRecords<typeof table, MedicalRecord>({
  entity: 'medical-record',
  table,
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
  newestFirst: [desc(table.dateOfVisit), desc(table.id)],
  searchable: [table.diagnosis, table.location, table.treatmentPlan],
});

/** The stored columns from the form's values; the doctor must be an active doctor. */
async function toColumns(request: FastifyRequest, input: MedicalRecordInput) {
  await assertActiveUser(
    request.server.db,
    input.doctorId,
    'doctor',
    'doctorId',
    clinicalTexts.doctorNotActive,
  );
  return { ...input, dateOfVisit: parseClinicalInstant(input.dateOfVisit)! };
}

export const medicalRecordsService = {
  list: records.list,
  listForPatient: records.listForPatient,
  get: records.get,

  /** The records a doctor wrote (the caller's own, or any doctor's for a supervisor), in scope. */
  async listForDoctor(request: FastifyRequest, doctorId: number, query: ListQuery) {
    await assertSelfOrSupervisor(request, 'medical-record', doctorId);
    return records.list(request, query, {
      shape: 'doctor',
      where: (value) => eq(table.doctorId, value),
      value: doctorId,
    });
  },

  /** Adds a medical record for a patient in the caller's scope. */
  async create(request: FastifyRequest, input: MedicalRecordInput) {
    const columns = await toColumns(request, input);
    return records.create(request, { ...columns, createdBy: currentUser(request).id });
  },

  /** Changes a medical record in the caller's scope. */
  async update(request: FastifyRequest, id: number, input: MedicalRecordInput) {
    return records.update(request, id, await toColumns(request, input));
  },

  /** Soft-deletes a medical record in the caller's scope. */
  remove: (request: FastifyRequest, id: number) => records.remove(request, id),

  /** Restores a deleted record exactly as it was (admins). */
  restore: (request: FastifyRequest, id: number) => records.restore(request, id),
};
