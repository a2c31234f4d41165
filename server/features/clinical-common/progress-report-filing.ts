import { randomUUID } from 'node:crypto';
import { clinicalTexts } from '../../../shared/messages.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { Tx } from '../../db/client.ts';
import { progressReports } from '../../db/schema/index.ts';
import { createNotifications } from '../notifications/notifications.service.ts';
import { careTeamNotice } from './people.ts';

/**
 * The unique placeholder a report is inserted with: the database replaces it with the report's
 * readable id, PR-<year>-<row id, six digits>, as the row is inserted (migration 0018).
 */
export const pendingReportId = (): string => `pending-${randomUUID()}`;

/**
 * Finishes filing a progress report inside its transaction: tells the patient's doctors (all
 * but the caller) of the report, by its readable id.
 */
export async function finishFiling(
  ctx: RequestContext,
  tx: Tx,
  row: { id: number; patientId: number; reportId: string },
): Promise<string> {
  const now = ctx.clock.now();
  const { reportId } = row;
  const doctors = await careTeamNotice(tx, row.patientId, 'doctor', ctx.user.id);
  if (doctors.userIds.length === 0) return reportId;
  const message = clinicalTexts.progressReportFiled(reportId, doctors.patientName);
  await createNotifications(
    tx,
    now,
    doctors.userIds.map((userId) => ({
      userId,
      message,
      kind: 'progress-report' as const,
      link: '/progress-report',
    })),
  );
  return reportId;
}

/**
 * Files a progress report as the caller inside a transaction another change holds (a visit's
 * check-out): the row, its readable id, the doctors' notices and its 'create' audit row.
 */
export async function fileProgressReportWithin(
  ctx: RequestContext,
  tx: Tx,
  values: {
    patientId: number;
    caregiverId: number;
    date: Date;
    summary: string;
    recommendations: string;
  },
): Promise<number> {
  const now = ctx.clock.now();
  const [row] = await tx
    .insert(progressReports)
    .values({
      ...values,
      reportId: pendingReportId(),
      createdBy: ctx.user.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({
      id: progressReports.id,
      patientId: progressReports.patientId,
      reportId: progressReports.reportId,
    });
  await finishFiling(ctx, tx, row!);
  await ctx.audit.within(tx, {
    action: 'create',
    entity: 'progress-report',
    entityId: row!.id,
    patientId: row!.patientId,
    subjectUserId: values.caregiverId === ctx.user.id ? null : values.caregiverId,
  });
  return row!.id;
}
