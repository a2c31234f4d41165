import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { clinicalTexts } from '../../../shared/messages.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { Tx } from '../../db/client.ts';
import { progressReports } from '../../db/schema/index.ts';
import { createNotifications } from '../notifications/notifications.service.ts';
import { careTeamNotice } from './people.ts';

/** The readable identifier of a report: PR-<year>-<row id, six digits>. */
export const formatReportId = (year: number, id: number): string =>
  `PR-${year}-${String(id).padStart(6, '0')}`;

/** A unique placeholder until the row has its id (replaced in the same transaction). */
export const pendingReportId = (): string => `pending-${randomUUID()}`;

/**
 * Finishes filing a progress report inside its transaction: gives the new report its readable
 * id and tells the patient's doctors (all but the caller).
 */
export async function finishFiling(
  ctx: RequestContext,
  tx: Tx,
  row: { id: number; patientId: number },
): Promise<string> {
  const now = ctx.clock.now();
  const reportId = formatReportId(now.getUTCFullYear(), row.id);
  await tx.update(progressReports).set({ reportId }).where(eq(progressReports.id, row.id));
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
    .returning({ id: progressReports.id, patientId: progressReports.patientId });
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
