import { randomUUID } from 'node:crypto';
import { desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { clinicalTexts } from '../../../shared/messages.ts';
import { can } from '../../../shared/permissions.ts';
import { parseClinicalInstant } from '../../../shared/schemas/clinical.ts';
import type { ListQuery } from '../../../shared/schemas/common.ts';
import type {
  ProgressReport,
  ProgressReportInput,
} from '../../../shared/schemas/progress-reports.ts';
import type { Tx } from '../../db/client.ts';
import { progressReports as table } from '../../db/schema/index.ts';
import { currentUser } from '../../plugins/access.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import {
  assertActiveUser,
  assertSelfOrSupervisor,
  careTeamOf,
  clinicalRecords,
  patientDisplayName,
  patientNameOf,
  refuse,
  userNameOf,
  type StoredRow,
} from '../clinical-common/clinical-records.ts';
import { createNotifications } from '../notifications/notifications.service.ts';

const records = clinicalRecords<typeof table, ProgressReport>({
  entity: 'progress-report',
  table,
  fields: {
    id: table.id,
    reportId: table.reportId,
    patientId: table.patientId,
    patientName: patientNameOf(table.patientId),
    caregiverId: table.caregiverId,
    caregiverName: userNameOf(table.caregiverId),
    date: table.date,
    summary: table.summary,
    recommendations: table.recommendations,
    overallHealth: sql<string>`coalesce(${table.overallHealth}, '')`,
    createdBy: table.createdBy,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  },
  newestFirst: [desc(table.date), desc(table.id)],
  searchable: [table.reportId, table.summary, table.recommendations],
});

/** The readable identifier of a report: PR-<year>-<row id, six digits>. */
export const formatReportId = (year: number, id: number): string =>
  `PR-${year}-${String(id).padStart(6, '0')}`;

/** A caregiver's own report: the one they are named on, or the one they filed. */
const isOwn = (report: StoredRow<typeof table>, user: SessionUser): boolean =>
  report.caregiverId === user.id || report.createdBy === user.id;

/** Doctors (progress-reports:write) change any report in scope; caregivers who may file one
 * change their own. */
const mayChange = (report: StoredRow<typeof table>, user: SessionUser): boolean =>
  can(user, 'progress-reports:write') ||
  (can(user, 'progress-reports:create') && isOwn(report, user));

async function toColumns(request: FastifyRequest, input: ProgressReportInput) {
  await assertActiveUser(
    request.server.db,
    input.caregiverId,
    'caregiver',
    'caregiverId',
    clinicalTexts.caregiverNotActive,
  );
  return { ...input, date: parseClinicalInstant(input.date)! };
}

/** Gives the new report its readable id and tells the patient's doctors, in the same transaction. */
async function afterFiling(request: FastifyRequest, tx: Tx, row: StoredRow<typeof table>) {
  const now = request.server.clock.now();
  const reportId = formatReportId(now.getUTCFullYear(), row.id);
  await tx.update(table).set({ reportId }).where(eq(table.id, row.id));
  const doctors = await careTeamOf(tx, row.patientId, 'doctor', currentUser(request).id);
  if (doctors.length === 0) return;
  const message = clinicalTexts.progressReportFiled(
    reportId,
    await patientDisplayName(tx, row.patientId),
  );
  await createNotifications(
    tx,
    now,
    doctors.map((userId) => ({
      userId,
      message,
      kind: 'progress-report' as const,
      link: '/progress-report',
    })),
  );
}

export const progressReportsService = {
  list: records.list,
  listForPatient: records.listForPatient,
  get: records.get,

  /** Reports a caregiver is named on or filed (the caller's own, or any for a supervisor), in scope. */
  async listForCaregiver(request: FastifyRequest, caregiverId: number, query: ListQuery) {
    await assertSelfOrSupervisor(request, 'progress-report', caregiverId);
    return records.list(request, query, {
      shape: 'caregiver',
      where: (value) => or(eq(table.caregiverId, value), eq(table.createdBy, value)),
      value: caregiverId,
    });
  },

  /** Files a report for a patient in the caller's scope and notifies the patient's doctors. */
  async create(request: FastifyRequest, input: ProgressReportInput) {
    const columns = await toColumns(request, input);
    return records.create(
      request,
      // A unique placeholder until the row has its id (replaced in the same transaction).
      {
        ...columns,
        reportId: `pending-${randomUUID()}`,
        createdBy: currentUser(request).id,
      },
      { after: (tx, row) => afterFiling(request, tx, row) },
    );
  },

  /** Changes a report: doctors any in scope, caregivers their own. */
  async update(request: FastifyRequest, id: number, input: ProgressReportInput) {
    const user = currentUser(request);
    // Those who may neither file nor edit are refused before anything is looked up.
    if (!can(user, 'progress-reports:write') && !can(user, 'progress-reports:create')) {
      await refuse(request, 'progress-report', id);
    }
    return records.update(request, id, await toColumns(request, input), { authorize: mayChange });
  },

  /** Soft-deletes a report in the caller's scope (doctors). */
  remove: (request: FastifyRequest, id: number) => records.remove(request, id),

  /** Restores a deleted record exactly as it was (admins). */
  restore: (request: FastifyRequest, id: number) => records.restore(request, id),
};
