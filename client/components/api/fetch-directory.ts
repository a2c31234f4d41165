import type { DirectoryEntry, DirectoryRole } from '../../../shared/schemas/directory.ts';
import { api } from '../../lib/api.ts';

/** Names and ids of patients, doctors or caregivers in the caller's scope. */
export const fetchDirectory = (
  role: DirectoryRole,
  query: Record<string, string | number | undefined>,
) => api<DirectoryEntry[]>('/api/directory', { query: { role, ...query } });
