import { normalizePrivilege, type Privilege } from '../../../shared/permissions.ts';
import type { AdminUpdateUserInput } from '../../../shared/schemas/users.ts';

/** Privileges a new account may take on its own; higher ones wait for an admin. */
const selfServicePrivileges: readonly Privilege[] = ['viewer', 'editor'];

export interface PrivilegeState {
  privileges: Privilege;
  /** A privilege asked for at sign-up that an admin has not decided on yet. */
  requested: Privilege | null;
}

export const normalizeRequest = (value: string | null): Privilege | null =>
  value === null ? null : normalizePrivilege(value);

/**
 * What a new account starts with: the first account on an empty database is admin; a request
 * for supervisor or admin starts as editor and waits for an admin's decision.
 */
export function privilegesOnSignUp(isFirstAccount: boolean, asked: Privilege): PrivilegeState {
  if (isFirstAccount) return { privileges: 'admin', requested: null };
  if (selfServicePrivileges.includes(asked)) return { privileges: asked, requested: null };
  return { privileges: 'editor', requested: asked };
}

/**
 * An admin's decision: granting takes the pending request, refusing drops it, and an explicit
 * privilege level answers any pending request as well.
 */
export function decidePrivileges(
  current: PrivilegeState,
  input: Pick<AdminUpdateUserInput, 'request' | 'privileges'>,
): PrivilegeState {
  let { privileges, requested } = current;
  if (input.request === 'grant' && requested) privileges = requested;
  if (input.request) requested = null;
  if (input.privileges) {
    privileges = input.privileges;
    requested = null;
  }
  return { privileges, requested };
}
