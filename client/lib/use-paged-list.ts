import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiList } from './api.ts';
import { usePaging } from './use-paging.ts';

/**
 * A server-paged, server-searched list: page, rows per page and a debounced search text,
 * turned into `limit`, `offset` and `q`.
 */
export function usePagedList<T>(
  key: readonly unknown[],
  path: string,
  extraQuery: Record<string, string | number | undefined> = {},
  options: { enabled?: boolean; initialRowsPerPage?: number } = {},
) {
  const { page, rowsPerPage, setPage, pagingOf } = usePaging(options.initialRowsPerPage);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [search, setPage]);

  const query = useQuery({
    queryKey: [...key, { page, rowsPerPage, q, ...extraQuery }],
    queryFn: ({ signal }) =>
      apiList<T>(path, {
        query: { limit: rowsPerPage, offset: page * rowsPerPage, q: q || undefined, ...extraQuery },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });

  return {
    query,
    rows: query.data?.items,
    total: query.data?.total ?? 0,
    search,
    setSearch,
    paging: pagingOf(query.data),
  };
}
