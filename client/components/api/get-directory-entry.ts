import { useQuery } from '@tanstack/react-query';
import type { DirectoryRole } from '../../../shared/schemas/directory.ts';
import { fetchDirectory } from './fetch-directory.ts';
import { directoryKeys } from './keys.ts';

/**
 * The directory entry of one id, to name a pre-filled value that no search has brought; a
 * deleted patient too with `includeDeleted`.
 */
export function useDirectoryEntry(role: DirectoryRole, id: number | null, includeDeleted = false) {
  return useQuery({
    queryKey: includeDeleted
      ? ([...directoryKeys.entry(role, id), 'with-deleted'] as const)
      : directoryKeys.entry(role, id),
    queryFn: () =>
      fetchDirectory(role, {
        id: id ?? undefined,
        includeDeleted: includeDeleted ? 'true' : undefined,
      }),
    enabled: id !== null,
    staleTime: 60_000,
  });
}
