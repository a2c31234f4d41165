import { reminderSchema, type ReminderListQuery } from '../../../shared/schemas/reminders.ts';
import type { RequestContext } from '../../auth/context.ts';
import { listCsv } from '../clinical-common/record-csv.ts';
import { listReminders } from './reminders.service.ts';

/**
 * GET /api/reminders.csv: the caller's own reminders (never anyone else's) with the list's
 * search, range and order, read through the list's own service.
 */
export function exportReminders(
  ctx: RequestContext,
  query: ReminderListQuery,
  browserZone: string | undefined,
) {
  return listCsv(ctx, {
    entity: 'reminder',
    name: 'reminders',
    schema: reminderSchema,
    browserZone: browserZone ?? query.timeZone,
    list: async (reading, batch) =>
      (await listReminders(reading, { ...query, limit: batch.limit, offset: batch.offset })).page,
  });
}
