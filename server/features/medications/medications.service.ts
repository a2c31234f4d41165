import { desc } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { parseClinicalInstant } from '../../../shared/schemas/clinical.ts';
import type { Medication, MedicationInput } from '../../../shared/schemas/medications.ts';
import { medications as table } from '../../db/schema/index.ts';
import { currentUser } from '../../plugins/access.ts';
import {
  clinicalRecords,
  patientNameOf,
  userNameOf,
  userRoleOf,
} from '../clinical-common/clinical-records.ts';

const records = clinicalRecords<typeof table, Medication>({
  entity: 'medication',
  table,
  fields: {
    id: table.id,
    patientId: table.patientId,
    patientName: patientNameOf(table.patientId),
    date: table.date,
    details: table.details,
    recordedBy: table.recordedBy,
    recordedByName: userNameOf(table.recordedBy),
    recordedByRole: userRoleOf(table.recordedBy),
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  },
  newestFirst: [desc(table.date), desc(table.id)],
  searchable: [table.details],
});

const toColumns = (input: MedicationInput) => ({
  ...input,
  date: parseClinicalInstant(input.date)!,
});

export const medicationsService = {
  list: records.list,
  listForPatient: records.listForPatient,
  get: records.get,

  /** Records a dose given (caregivers) or a medication note (doctors); the caller is the recorder. */
  create: (request: FastifyRequest, input: MedicationInput) =>
    records.create(request, { ...toColumns(input), recordedBy: currentUser(request).id }),

  /** Changes a medication record in scope; who recorded it stays. */
  update: (request: FastifyRequest, id: number, input: MedicationInput) =>
    records.update(request, id, toColumns(input)),

  /** Soft-deletes a medication record in scope. */
  remove: (request: FastifyRequest, id: number) => records.remove(request, id),

  /** Restores a deleted record exactly as it was (admins). */
  restore: (request: FastifyRequest, id: number) => records.restore(request, id),
};
