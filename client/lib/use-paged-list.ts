import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiList } from './api.ts';
import { usePaging } from './use-paging.ts';

interface PagedListOptions {
  enabled?: boolean;
  initialRowsPerPage?: number;
  /**
   * The list is the screen's one list: its search text and order live in the address (`q`,
   * `sort`), so a searched, sorted page can be bookmarked, shared and reloaded.
   */
  inAddress?: boolean;
  /** The order when none is asked for (the server's default otherwise). */
  defaultSort?: string;
}

/**
 * A server-paged, server-searched, server-sorted list: page, rows per page, a debounced search
 * text and a sort name, turned into `limit`, `offset`, `q` and `sort`.
 */
export function usePagedList<T>(
  key: readonly unknown[],
  path: string,
  extraQuery: Record<string, string | number | undefined> = {},
  options: PagedListOptions = {},
) {
  const { page, rowsPerPage, setPage, pagingOf } = usePaging(options.initialRowsPerPage);
  const [params, setParams] = useSearchParams();
  const fromAddress = (name: string) => (options.inAddress ? (params.get(name) ?? '') : '');
  const [search, setSearchText] = useState(() => fromAddress('q'));
  const [q, setQ] = useState(() => fromAddress('q').trim());
  const [sort, setSortState] = useState<string | undefined>(
    () => fromAddress('sort') || options.defaultSort,
  );

  const keepInAddress = useCallback(
    (name: string, value: string | undefined) => {
      if (!options.inAddress) return;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      );
    },
    [options.inAddress, setParams],
  );

  // The address follows the text as it is typed, in the same event: a write from the delayed
  // search below could land after a click on a link and take the user back to this list.
  const setSearch = (text: string) => {
    setSearchText(text);
    keepInAddress('q', text.trim() || undefined);
  };

  useEffect(() => {
    const timer = setTimeout(() => {
      const text = search.trim();
      if (text === q) return;
      setQ(text);
      setPage(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [search, q, setPage]);

  const setSort = (next: string) => {
    setSortState(next);
    setPage(0);
    keepInAddress('sort', next === options.defaultSort ? undefined : next);
  };

  const query = useQuery({
    queryKey: [...key, { page, rowsPerPage, q, sort, ...extraQuery }],
    queryFn: ({ signal }) =>
      apiList<T>(path, {
        query: {
          limit: rowsPerPage,
          offset: page * rowsPerPage,
          q: q || undefined,
          sort,
          ...extraQuery,
        },
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
    sort: { value: sort, onChange: setSort },
    paging: pagingOf(query.data),
  };
}
