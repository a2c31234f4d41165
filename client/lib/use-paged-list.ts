import {
  keepPreviousData,
  onlineManager,
  useQuery,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiList, isUnreachable } from './api.ts';
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
  /**
   * The names of the list's filters (`patientId`, `from`...): each a text sent as a query
   * parameter when not empty, kept in the address with `inAddress`.
   */
  filters?: readonly string[];
}

/**
 * A list's query as its screen should show it offline. A refresh that failed for want of a
 * connection, with rows already saved, is not an error: the saved rows stay (and the screen's
 * data-age notice says how old they are). A first read waiting for the connection is still
 * loading (not an empty list), and the loading state says it is not available offline.
 */
export function showSavedWhileOffline<Q extends UseQueryResult<unknown>>(query: Q): Q {
  const keepsSaved =
    query.isError &&
    query.data !== undefined &&
    (isUnreachable(query.error) || !onlineManager.isOnline());
  const waiting = query.isPending && query.fetchStatus === 'paused';
  if (!keepsSaved && !waiting) return query;
  return {
    ...query,
    isError: keepsSaved ? false : query.isError,
    error: keepsSaved ? null : query.error,
    isLoading: query.isLoading || waiting,
  };
}

/** The list's filters by name; an empty text is no filter. */
export type ListFilterValues = Record<string, string>;

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
  const filterNames = options.filters ?? [];
  const [filters, setFilterValues] = useState<ListFilterValues>(() =>
    Object.fromEntries(filterNames.map((name) => [name, fromAddress(name)])),
  );

  // Changes written to the address that it does not show yet. The router hands `setParams` the
  // address of the last render, so two changes in a row (a sort, then a filter) would otherwise
  // lose the first; each write applies every change still pending.
  const pending = useRef(new Map<string, string | undefined>());
  useEffect(() => {
    for (const [name, value] of pending.current) {
      if ((params.get(name) ?? undefined) === value) pending.current.delete(name);
    }
  }, [params]);

  const writeAddress = useCallback(
    (changes: Record<string, string | undefined>) => {
      if (!options.inAddress) return;
      for (const [name, value] of Object.entries(changes))
        pending.current.set(name, value || undefined);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of pending.current) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      );
    },
    [options.inAddress, setParams],
  );
  const keepInAddress = useCallback(
    (name: string, value: string | undefined) => writeAddress({ [name]: value }),
    [writeAddress],
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

  /** Sets one filter (an empty text clears it) and goes back to the first page. */
  const setFilter = (name: string, value: string) => {
    setFilterValues((current) => ({ ...current, [name]: value }));
    setPage(0);
    keepInAddress(name, value || undefined);
  };
  const clearFilters = () => {
    setFilterValues(Object.fromEntries(filterNames.map((name) => [name, ''])));
    setPage(0);
    writeAddress(Object.fromEntries(filterNames.map((name) => [name, undefined])));
  };
  const activeFilters = Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== ''),
  );

  const query = showSavedWhileOffline(
    useQuery({
      queryKey: [...key, { page, rowsPerPage, q, sort, ...activeFilters, ...extraQuery }],
      queryFn: ({ signal }) =>
        apiList<T>(path, {
          query: {
            limit: rowsPerPage,
            offset: page * rowsPerPage,
            q: q || undefined,
            sort,
            ...activeFilters,
            ...extraQuery,
          },
          signal,
        }),
      placeholderData: keepPreviousData,
      enabled: options.enabled ?? true,
    }),
  );

  return {
    query,
    rows: query.data?.items,
    total: query.data?.total ?? 0,
    search,
    setSearch,
    sort: { value: sort, onChange: setSort },
    filters,
    setFilter,
    clearFilters,
    /** The list's query without paging (search, order, filters): what its CSV download takes. */
    exportQuery: { q: q || undefined, sort, ...activeFilters, ...extraQuery },
    /** Whether any filter is set: an empty list then says the filters hide rows. */
    filtered: Object.keys(activeFilters).length > 0,
    paging: pagingOf(query.data),
  };
}
