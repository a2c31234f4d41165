import { invitationSchema } from '../../../shared/schemas/invitations.ts';
import { adminUserSchema, type AdminUserListQuery } from '../../../shared/schemas/users.ts';
import type { RequestContext } from '../../auth/context.ts';
import { listCsv } from '../clinical-common/record-csv.ts';
import { listInvitations } from './invitations.service.ts';
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

/**
 * GET /api/invitations.csv: the invitations as the Users screen lists them (newest first, the
 * list's own cap), with their status; never a token.
 */
export function exportInvitations(ctx: RequestContext, browserZone: string | undefined) {
  return listCsv(ctx, {
    entity: 'invitation',
    name: 'invitations',
    schema: invitationSchema,
    browserZone,
    // The list is one capped read: the first batch holds all of it.
    list: async (reading, batch) => {
      const items = batch.offset === 0 ? await listInvitations(reading) : [];
      return { items, total: items.length };
    },
  });
}
