import { useQuery } from '@tanstack/react-query';
import type { DirectoryRole } from '../../../shared/schemas/directory.ts';
import { fetchDirectory } from './fetch-directory.ts';
import { directoryKeys } from './keys.ts';

/** The directory entry of one id, to name a pre-filled value that no search has brought. */
export function useDirectoryEntry(role: DirectoryRole, id: number | null) {
  return useQuery({
    queryKey: directoryKeys.entry(role, id),
    queryFn: () => fetchDirectory(role, { id: id ?? undefined }),
    enabled: id !== null,
    staleTime: 60_000,
  });
}
