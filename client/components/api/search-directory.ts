import { useQuery } from '@tanstack/react-query';
import type { DirectoryRole } from '../../../shared/schemas/directory.ts';
import { fetchDirectory } from './fetch-directory.ts';
import { directoryKeys } from './keys.ts';

/**
 * The first directory entries matching a search text (all, for an empty one); deleted patients
 * too with `includeDeleted` (for those who read the audit log or restore records).
 */
export function useDirectorySearch(role: DirectoryRole, q: string, includeDeleted = false) {
  return useQuery({
    queryKey: includeDeleted
      ? ([...directoryKeys.search(role, q), 'with-deleted'] as const)
      : directoryKeys.search(role, q),
    queryFn: () =>
      fetchDirectory(role, {
        q: q || undefined,
        includeDeleted: includeDeleted ? 'true' : undefined,
      }),
    staleTime: 30_000,
  });
}
