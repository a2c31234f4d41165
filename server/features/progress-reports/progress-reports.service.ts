import { desc, eq, or, sql } from 'drizzle-orm';
import { can } from '../../../shared/permissions.ts';
import { parseClinicalInstant } from '../../../shared/schemas/clinical.ts';
import type { RecordListQuery } from '../../../shared/schemas/clinical.ts';
import {
  progressReportInputSchema,
  progressReportSchema,
  type ProgressReportInput,
} from '../../../shared/schemas/progress-reports.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import { progressReports as table } from '../../db/schema/index.ts';
import {
  assertSelfOrSupervisor,
  clinicalRecords,
  isoText,
  patientNameOf,
  userNameOf,
  type StoredRow,
} from '../clinical-common/clinical-records.ts';
import { finishFiling, pendingReportId } from '../clinical-common/progress-report-filing.ts';
import { defineRecordFeature } from '../clinical-common/record-routes.ts';

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
  dated: table.date,
  newestFirst: [desc(table.date), desc(table.id)],
  searchable: [table.reportId, table.summary, table.recommendations],
  recorder: 'createdBy',
  named: { key: 'caregiverId', role: 'caregiver' },
  deleted: {
    summary: sql`${table.reportId} || ': ' || ${table.summary}`,
    recordDate: isoText(table.date),
  },
});

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

export const progressReportsService = {
  ...records.standard,

  /** Reports a caregiver is named on or filed (the caller's own, or any for a supervisor), in scope. */
  async listForCaregiver(ctx: RequestContext, caregiverId: number, query: RecordListQuery) {
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
      { ...toColumns(input), reportId: pendingReportId() },
      // The doctors' notices, in the same transaction; the readable id is the insert's own.
      { after: async (tx, row) => void (await finishFiling(ctx, tx, row)), keepsRow: true },
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
