import { notificationSchema } from '../../../shared/schemas/notifications.ts';
import type { RequestContext } from '../../auth/context.ts';
import { listCsv } from '../clinical-common/record-csv.ts';
import { listNotifications } from './notifications.service.ts';

/**
 * GET /api/notifications.csv: the caller's own notifications that are not dismissed, newest
 * first, read through the list's own service (messages with their times in the reader's zone).
 */
export function exportNotifications(ctx: RequestContext, browserZone: string | undefined) {
  return listCsv(ctx, {
    entity: 'notification',
    name: 'notifications',
    schema: notificationSchema,
    browserZone,
    list: (reading, batch) => listNotifications(reading, batch, browserZone),
  });
}
