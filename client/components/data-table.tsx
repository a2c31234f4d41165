import {
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from '@mui/material';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from './list-states.tsx';

export interface Column<T> {
  key: string;
  header: string;
  render(row: T): ReactNode;
}

interface DataTableProps<T> {
  /** Names the table for screen readers. */
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey(row: T): string | number;
  isLoading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  emptyText: string;
  /** Server-side paging: shown when given. */
  paging?: {
    total: number;
    page: number;
    rowsPerPage: number;
    onPageChange(page: number): void;
    onRowsPerPageChange(rows: number): void;
  };
}

/** A table with loading, error and empty states and optional server-side paging. */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  isLoading,
  error,
  onRetry,
  emptyText,
  paging,
}: DataTableProps<T>) {
  return (
    <Paper sx={{ width: '100%', overflow: 'hidden', borderRadius: 3 }}>
      <TableContainer>
        <Table aria-label={label}>
          <TableHead>
            <TableRow hover={false}>
              {columns.map((column) => (
                <TableCell key={column.key} sx={{ fontWeight: 600 }}>
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((column) => (
                  <TableCell key={column.key}>{column.render(row)}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {isLoading && <LoadingState />}
      {!isLoading && error && <ErrorState text={error} onRetry={onRetry} />}
      {!isLoading && !error && rows?.length === 0 && <EmptyState text={emptyText} />}
      {paging && (
        <TablePagination
          component="div"
          count={paging.total}
          page={paging.page}
          rowsPerPage={paging.rowsPerPage}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_event, page) => paging.onPageChange(page)}
          onRowsPerPageChange={(event) => paging.onRowsPerPageChange(Number(event.target.value))}
        />
      )}
    </Paper>
  );
}
