import { useState } from 'react';

/**
 * The page and rows per page of a server-paged table, and the table's paging props for an
 * answer's total; changing the rows per page starts again at the first page.
 */
export function usePaging(initialRowsPerPage = 25) {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(initialRowsPerPage);
  const pagingOf = (data: { total: number; capped: boolean } | undefined) => ({
    total: data?.total ?? 0,
    capped: data?.capped ?? false,
    page,
    rowsPerPage,
    onPageChange: setPage,
    onRowsPerPageChange: (rows: number) => {
      setRowsPerPage(rows);
      setPage(0);
    },
  });
  return { page, rowsPerPage, setPage, pagingOf };
}
