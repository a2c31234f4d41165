import { desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { clinicalTexts } from '../../../shared/messages.ts';
import type { ListQuery } from '../../../shared/schemas/common.ts';
import type { Prescription, PrescriptionInput } from '../../../shared/schemas/prescriptions.ts';
import type { Tx } from '../../db/client.ts';
import { prescriptions as table } from '../../db/schema/index.ts';
import { currentUser } from '../../plugins/access.ts';
import {
  assertActiveUser,
  assertSelfOrSupervisor,
  careTeamOf,
  clinicalRecords,
  patientDisplayName,
  patientNameOf,
  userNameOf,
  type StoredRow,
} from '../clinical-common/clinical-records.ts';
import { createNotifications } from '../notifications/notifications.service.ts';

const records = clinicalRecords<typeof table, Prescription>({
  entity: 'prescription',
  table,
  fields: {
    id: table.id,
    patientId: table.patientId,
    patientName: patientNameOf(table.patientId),
    doctorId: table.doctorId,
    doctorName: userNameOf(table.doctorId),
    date: table.date,
    medication: table.medication,
    dosage: table.dosage,
    duration: table.duration,
    details: table.details,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  },
  newestFirst: [desc(table.date), desc(table.id)],
  searchable: [table.medication, table.details],
});

/** Tells the caregivers on the patient's care team, in the change's transaction. */
function notifyCaregivers(
  request: FastifyRequest,
  change: 'added' | 'updated' | 'removed' | 'restored',
) {
  return async (tx: Tx, row: StoredRow<typeof table>) => {
    const caregivers = await careTeamOf(tx, row.patientId, 'caregiver', currentUser(request).id);
    if (caregivers.length === 0) return;
    const message = clinicalTexts.prescriptionChanged(
      await patientDisplayName(tx, row.patientId),
      change,
    );
    await createNotifications(
      tx,
      request.server.clock.now(),
      caregivers.map((userId) => ({
        userId,
        message,
        kind: 'prescription' as const,
        link: '/prescriptions-medication',
      })),
    );
  };
}

async function assertDoctor(request: FastifyRequest, doctorId: number) {
  await assertActiveUser(
    request.server.db,
    doctorId,
    'doctor',
    'doctorId',
    clinicalTexts.doctorNotActive,
  );
}

export const prescriptionsService = {
  list: records.list,
  listForPatient: records.listForPatient,
  get: records.get,

  /** The prescriptions a doctor wrote (the caller's own, or any doctor's for a supervisor), in scope. */
  async listForDoctor(request: FastifyRequest, doctorId: number, query: ListQuery) {
    await assertSelfOrSupervisor(request, 'prescription', doctorId);
    return records.list(request, query, {
      shape: 'doctor',
      where: (value) => eq(table.doctorId, value),
      value: doctorId,
    });
  },

  /** Writes a prescription (by default the caller's own) and tells the patient's caregivers. */
  async create(request: FastifyRequest, input: PrescriptionInput) {
    const doctorId = input.doctorId ?? currentUser(request).id;
    await assertDoctor(request, doctorId);
    return records.create(
      request,
      { ...input, doctorId },
      { after: notifyCaregivers(request, 'added') },
    );
  },

  /** Changes a prescription; left out, the doctor stays as it was. */
  async update(request: FastifyRequest, id: number, input: PrescriptionInput) {
    const { doctorId, ...rest } = input;
    if (doctorId !== undefined) await assertDoctor(request, doctorId);
    return records.update(request, id, doctorId === undefined ? rest : { ...rest, doctorId }, {
      after: notifyCaregivers(request, 'updated'),
    });
  },

  /** Soft-deletes a prescription and tells the patient's caregivers. */
  remove: (request: FastifyRequest, id: number) =>
    records.remove(request, id, { after: notifyCaregivers(request, 'removed') }),

  /** Restores a deleted prescription exactly as it was (admins) and tells the caregivers. */
  restore: (request: FastifyRequest, id: number) =>
    records.restore(request, id, { after: notifyCaregivers(request, 'restored') }),
};
