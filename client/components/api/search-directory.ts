import { useQuery } from '@tanstack/react-query';
import type { DirectoryRole } from '../../../shared/schemas/directory.ts';
import { fetchDirectory } from './fetch-directory.ts';
import { directoryKeys } from './keys.ts';

/** The first directory entries matching a search text (all, for an empty one). */
export function useDirectorySearch(role: DirectoryRole, q: string) {
  return useQuery({
    queryKey: directoryKeys.search(role, q),
    queryFn: () => fetchDirectory(role, { q: q || undefined }),
    staleTime: 30_000,
  });
}
