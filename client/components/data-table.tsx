import {
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../shared/format.ts';
import { useReaderIsPatient } from '../lib/auth.tsx';
import { rowHoverColor } from '../lib/theme-tokens.ts';
import { EmptyState, ErrorState, LoadingState } from './list-states.tsx';
import { scrollRegionFocusSx, useScrollRegion } from './scroll-region.ts';

export interface Column<T> {
  key: string;
  header: string;
  render(row: T): ReactNode;
  /** Keeps the cell on one line (dates, phone numbers, row buttons). */
  nowrap?: boolean;
  /** The narrowest the column may get, so long text wraps at a readable width. */
  minWidth?: number | string;
  /**
   * Pins the column to the right edge when the table is wider than the screen (Actions), so
   * its buttons stay in view while the rest scrolls sideways. From 600 px up only: on a phone
   * it would leave too little room for the data.
   */
  pinned?: boolean;
  /**
   * The column names a member of staff by id ("Doctor ID"): a patient reading sees the name
   * only (IdWithName) under the header without its "ID".
   */
  staffId?: boolean;
  /** The list's sort name for this column (server-side sorting): its header sorts by it. */
  sortKey?: string;
}

/** A list's server-side order: a sort name, `-` first when descending. */
export interface TableSort {
  value: string | undefined;
  onChange(sort: string): void;
}

/** A column's header for this reader: a staff id column loses its "ID" for a patient. */
export function headerFor<T>(column: Column<T>, readerIsPatient: boolean): string {
  return column.staffId && readerIsPatient ? column.header.replace(/\s+id$/i, '') : column.header;
}

/** A pinned cell needs a solid background: the columns scrolling under it must not show. */
const pinnedCell = {
  position: { xs: 'static', sm: 'sticky' },
  right: 0,
  zIndex: 1,
  backgroundColor: 'background.paper',
  // As narrow as its buttons; a rule and a soft shadow tell that columns pass under it.
  width: '1%',
  whiteSpace: 'nowrap',
  // (A border would stay behind: a collapsed table's borders do not move with a sticky cell.)
  boxShadow: (theme: Theme) =>
    `inset 1px 0 0 ${theme.palette.divider}, -8px 0 8px -8px rgba(0, 0, 0, ${theme.palette.mode === 'dark' ? 0.7 : 0.25})`,
  // The row's hover tint, laid over the solid background.
  'tr.MuiTableRow-hover:hover > &': {
    backgroundImage: (theme: Theme) => {
      const tint = rowHoverColor(theme.palette.mode);
      return `linear-gradient(${tint}, ${tint})`;
    },
  },
} as const;

function cellSx<T>(column: Column<T>, header = false) {
  return {
    ...(column.nowrap && !header ? { whiteSpace: 'nowrap' } : {}),
    ...(column.minWidth !== undefined ? { minWidth: column.minWidth } : {}),
    ...(column.pinned ? pinnedCell : {}),
  };
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
  /** Server-side sorting by the columns that name a `sortKey`. */
  sort?: TableSort;
  /** Server-side paging: shown when given. */
  paging?: {
    total: number;
    /** The total is a lower bound: "of more than …". */
    capped?: boolean;
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
  sort,
  paging,
}: DataTableProps<T>) {
  const region = useScrollRegion(label);
  const readerIsPatient = useReaderIsPatient();
  return (
    // No elevation overlay in dark mode: a pinned column's solid background matches the paper.
    <Paper sx={{ width: '100%', overflow: 'hidden', borderRadius: 3, backgroundImage: 'none' }}>
      {/* 12 px between columns instead of 16: wide tables keep more room for their words. */}
      <TableContainer
        {...region}
        sx={{ '& .MuiTableCell-root': { px: 1.5 }, ...scrollRegionFocusSx }}
      >
        <Table aria-label={label}>
          <TableHead>
            <TableRow hover={false}>
              {columns.map((column) => (
                <HeaderCell
                  key={column.key}
                  column={column}
                  text={headerFor(column, readerIsPatient)}
                  sort={sort}
                />
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((column) => (
                  <TableCell key={column.key} sx={cellSx(column)}>
                    {column.render(row)}
                  </TableCell>
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
          labelDisplayedRows={({ from, to, count }) =>
            `${from}–${to} of ${paging.capped ? 'more than ' : ''}${count.toLocaleString('en-US')}`
          }
          onPageChange={(_event, page) => paging.onPageChange(page)}
          onRowsPerPageChange={(event) => paging.onRowsPerPageChange(Number(event.target.value))}
        />
      )}
    </Paper>
  );
}

/** A column header; with a `sortKey`, a button that sorts by it (again: the other way). */
function HeaderCell<T>({
  column,
  text,
  sort,
}: {
  column: Column<T>;
  text: string;
  sort?: TableSort;
}) {
  const sx = { fontWeight: 600, ...cellSx(column, true) };
  if (!column.sortKey || !sort) {
    return <TableCell sx={sx}>{text}</TableCell>;
  }
  const descending = sort.value === `-${column.sortKey}`;
  const active = descending || sort.value === column.sortKey;
  const direction = descending ? 'desc' : 'asc';
  return (
    <TableCell
      sx={sx}
      aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}
      sortDirection={active ? direction : false}
    >
      <TableSortLabel
        active={active}
        direction={direction}
        onClick={() =>
          sort.onChange(active && !descending ? `-${column.sortKey}` : column.sortKey!)
        }
        sx={{ minHeight: 44 }}
      >
        {text}
      </TableSortLabel>
    </TableCell>
  );
}

/**
 * 'Dec 01, 2024, 10:00 AM' in a table cell: it may break between the date and the time, never
 * inside either ('Dec' alone on a line, or 'AM' on the next, reads badly at large font sizes).
 */
export function DateTimeText({ value }: { value: string }) {
  const text = formatDateTime(value);
  const cut = text.lastIndexOf(', ');
  if (cut < 0) return <Box component="span">{text}</Box>;
  return (
    <Box component="span">
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {text.slice(0, cut + 1)}
      </Box>{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {text.slice(cut + 2)}
      </Box>
    </Box>
  );
}
