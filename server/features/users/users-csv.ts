import { adminUserSchema, type AdminUserListQuery } from '../../../shared/schemas/users.ts';
import type { RequestContext } from '../../auth/context.ts';
import { listCsv } from '../clinical-common/record-csv.ts';
import { listUsers } from './user-admin.service.ts';

/**
 * GET /api/users.csv: the admin's Users list with its role and request filters, search and order.
 * Its columns are the list's answer (adminUserSchema): no password hash, second-factor secret or
 * token is ever read, so none can reach a cell.
 */
export function exportUsers(
  ctx: RequestContext,
  query: AdminUserListQuery,
  browserZone: string | undefined,
) {
  return listCsv(ctx, {
    entity: 'user',
    name: 'users',
    schema: adminUserSchema,
    browserZone,
    list: (reading, batch) =>
      listUsers(reading, { ...query, limit: batch.limit, offset: batch.offset }),
  });
}
