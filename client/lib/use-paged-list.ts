import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiList } from './api.ts';

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
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(options.initialRowsPerPage ?? 25);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);

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
    paging: {
      total: query.data?.total ?? 0,
      capped: query.data?.capped ?? false,
      page,
      rowsPerPage,
      onPageChange: setPage,
      onRowsPerPageChange: (rows: number) => {
        setRowsPerPage(rows);
        setPage(0);
      },
    },
  };
}
