import { randomUUID } from 'node:crypto';
import { desc, eq, or, sql } from 'drizzle-orm';
import { clinicalTexts } from '../../../shared/messages.ts';
import { can } from '../../../shared/permissions.ts';
import { parseClinicalInstant } from '../../../shared/schemas/clinical.ts';
import type { ListQuery } from '../../../shared/schemas/common.ts';
import {
  progressReportInputSchema,
  progressReportSchema,
  type ProgressReportInput,
} from '../../../shared/schemas/progress-reports.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { Tx } from '../../db/client.ts';
import { progressReports as table } from '../../db/schema/index.ts';
import {
  assertSelfOrSupervisor,
  careTeamOf,
  clinicalRecords,
  isoText,
  patientDisplayName,
  patientNameOf,
  userNameOf,
  type StoredRow,
} from '../clinical-common/clinical-records.ts';
import { defineRecordFeature } from '../clinical-common/record-routes.ts';
import { createNotifications } from '../notifications/notifications.service.ts';

const records = clinicalRecords({
  type: 'progress-report',
  table,
  answer: progressReportSchema,
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
  recorder: 'createdBy',
  named: { key: 'caregiverId', role: 'caregiver' },
  deleted: {
    summary: sql`${table.reportId} || ': ' || ${table.summary}`,
    recordDate: isoText(table.date),
  },
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

const toColumns = (input: ProgressReportInput) => ({
  ...input,
  date: parseClinicalInstant(input.date)!,
});

/** Gives the new report its readable id and tells the patient's doctors, in the same transaction. */
async function afterFiling(ctx: RequestContext, tx: Tx, row: StoredRow<typeof table>) {
  const now = ctx.clock.now();
  const reportId = formatReportId(now.getUTCFullYear(), row.id);
  await tx.update(table).set({ reportId }).where(eq(table.id, row.id));
  const doctors = await careTeamOf(tx, row.patientId, 'doctor', ctx.user.id);
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
  ...records.standard,

  /** Reports a caregiver is named on or filed (the caller's own, or any for a supervisor), in scope. */
  async listForCaregiver(ctx: RequestContext, caregiverId: number, query: ListQuery) {
    await assertSelfOrSupervisor(ctx, 'progress-report', caregiverId);
    return records.list(ctx, query, {
      shape: 'caregiver',
      where: (value) => or(eq(table.caregiverId, value), eq(table.createdBy, value)),
      value: caregiverId,
    });
  },

  /** Files a report for a patient in the caller's scope and notifies the patient's doctors. */
  create: (ctx: RequestContext, input: ProgressReportInput) =>
    records.create(
      ctx,
      // A unique placeholder until the row has its id (replaced in the same transaction).
      { ...toColumns(input), reportId: `pending-${randomUUID()}` },
      { after: (tx, row) => afterFiling(ctx, tx, row) },
    ),

  /** Changes a report: doctors any in scope, caregivers their own. */
  async update(ctx: RequestContext, id: number, input: ProgressReportInput) {
    // Those who may neither file nor edit are refused before the record is loaded.
    if (!can(ctx.user, 'progress-reports:write') && !can(ctx.user, 'progress-reports:create')) {
      await ctx.forbidden({
        entity: 'progress-report',
        entityId: id,
        patientId: await records.patientOfRecord(ctx.db, id),
      });
    }
    return records.update(ctx, id, toColumns(input), { authorize: mayChange });
  },
};

/** Served by clinical-common/record-routes.ts under /api/progress-reports. */
export const progressReportsFeature = defineRecordFeature({
  input: progressReportInputSchema,
  service: progressReportsService,
  kind: records.kind,
  byPerson: {
    segment: 'caregiver',
    summary:
      "The reports a caregiver is named on or filed: the caller's own, or any for a supervisor",
    list: progressReportsService.listForCaregiver,
  },
});
