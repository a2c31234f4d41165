import {
  Box,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { Fragment, type ReactNode } from 'react';
import { formatDateTime } from '../../shared/format.ts';
import { useReaderIsPatient } from '../lib/auth.tsx';
import { rowHoverColor } from '../lib/theme-tokens.ts';
import { EmptyState, ErrorState, LoadingState } from './list-states.tsx';
import { Pager } from './pager.tsx';
import { RowActionsAsButtons } from './row-actions.tsx';
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
  /**
   * On a phone the column titles the row's card (a name, a time): several such columns read
   * as one line. When no column says so, the first one titles the card.
   */
  cardTitle?: boolean;
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

/**
 * A list with loading, error and empty states and optional server-side paging: a table from
 * 600 px up, a card per row below (see `RowCards`).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  // Read at once (noSsr), so a phone never draws the table for one frame before its cards.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const { isLoading, error, onRetry, emptyText, paging } = props;
  const states = (
    <>
      {isLoading && <LoadingState />}
      {!isLoading && error && <ErrorState text={error} onRetry={onRetry} />}
      {!isLoading && !error && props.rows?.length === 0 && <EmptyState text={emptyText} />}
      {paging && (
        <Pager
          count={paging.total}
          capped={paging.capped}
          page={paging.page}
          rowsPerPage={paging.rowsPerPage}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={paging.onPageChange}
          onRowsPerPageChange={paging.onRowsPerPageChange}
        />
      )}
    </>
  );
  return phone ? (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <RowCards {...props} />
      {states}
    </Box>
  ) : (
    <RowTable {...props}>{states}</RowTable>
  );
}

/** The seed's table, for screens from 600 px up. */
function RowTable<T>({
  label,
  columns,
  rows,
  rowKey,
  sort,
  children,
}: DataTableProps<T> & { children: ReactNode }) {
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
      {children}
    </Paper>
  );
}

/** Whether a cell has something to show (an Actions cell of a row that allows nothing does not). */
const shows = (node: ReactNode) =>
  node !== null && node !== undefined && node !== false && node !== '';

/**
 * Below 600 px, a card per row instead of a table scrolled sideways: the title columns first,
 * the other columns as header and value pairs, the Actions as buttons the width of the card.
 * Every word wraps, so nothing is cut off even at the largest text size.
 */
function RowCards<T>({ label, columns, rows, rowKey, sort }: DataTableProps<T>) {
  const readerIsPatient = useReaderIsPatient();
  const flagged = columns.filter((column) => column.cardTitle && !column.pinned);
  const titles = flagged.length > 0 ? flagged : columns.filter((c) => !c.pinned).slice(0, 1);
  const facts = columns.filter((column) => !column.pinned && !titles.includes(column));
  const actions = columns.filter((column) => column.pinned);
  return (
    <>
      {sort && <SortSelect columns={columns} sort={sort} />}
      {rows && rows.length > 0 && (
        <Box
          component="ul"
          aria-label={label}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
        >
          {rows.map((row) => {
            const buttons = actions
              .map((column) => ({ key: column.key, node: column.render(row) }))
              .filter((cell) => shows(cell.node));
            return (
              <Paper
                component="li"
                key={rowKey(row)}
                variant="outlined"
                sx={{ p: 2, minWidth: 0, borderRadius: 3, overflowWrap: 'anywhere' }}
              >
                <Typography component="div" sx={{ fontWeight: 600 }}>
                  {titles.map((column, index) => (
                    <Fragment key={column.key}>
                      {index > 0 && ' '}
                      {column.render(row)}
                    </Fragment>
                  ))}
                </Typography>
                {facts.length > 0 && (
                  <Box
                    component="dl"
                    sx={{
                      display: 'grid',
                      // The headers take at most 45 % and wrap beyond: the values keep room.
                      gridTemplateColumns: 'fit-content(45%) minmax(0, 1fr)',
                      columnGap: 2,
                      rowGap: 0.75,
                      mt: 1,
                      mb: 0,
                      '& dt': { color: 'text.secondary' },
                      '& dd': { m: 0, minWidth: 0 },
                    }}
                  >
                    {facts.map((column) => (
                      <Box key={column.key} sx={{ display: 'contents' }}>
                        <dt>{headerFor(column, readerIsPatient)}</dt>
                        <dd>{column.render(row)}</dd>
                      </Box>
                    ))}
                  </Box>
                )}
                {buttons.length > 0 && (
                  <RowActionsAsButtons>
                    <Box
                      sx={{
                        display: 'grid',
                        gap: 1,
                        mt: 2,
                        // A row's own button box stacks its buttons instead of lining them up.
                        '& > :not(.MuiButtonBase-root)': {
                          display: 'flex',
                          flexDirection: 'column',
                          alignItems: 'stretch',
                          gap: 1,
                          whiteSpace: 'normal',
                        },
                        '& .MuiButton-root': { width: '100%', minHeight: 44, whiteSpace: 'normal' },
                      }}
                    >
                      {buttons.map((cell) => (
                        <Fragment key={cell.key}>{cell.node}</Fragment>
                      ))}
                    </Box>
                  </RowActionsAsButtons>
                )}
              </Paper>
            );
          })}
        </Box>
      )}
    </>
  );
}

/** With no headers to press on a phone, the order is chosen here: each sortable column, both ways. */
function SortSelect<T>({ columns, sort }: { columns: Column<T>[]; sort: TableSort }) {
  const readerIsPatient = useReaderIsPatient();
  const options = columns
    .filter((column) => column.sortKey)
    .flatMap((column) => {
      const text = headerFor(column, readerIsPatient);
      return [
        { value: column.sortKey!, text: `${text}, ascending` },
        { value: `-${column.sortKey!}`, text: `${text}, descending` },
      ];
    });
  if (options.length === 0) return null;
  const known = options.some((option) => option.value === sort.value);
  return (
    <TextField
      select
      label="Sort by"
      value={known ? sort.value : ''}
      onChange={(event) => {
        if (event.target.value) sort.onChange(event.target.value);
      }}
      // The label stays above the field: "Default order" is shown for the empty value.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      // A long header at the largest text size wraps inside the field instead of being cut.
      sx={{ mb: 1.5, width: '100%', '& .MuiSelect-select': { whiteSpace: 'normal' } }}
    >
      {!known && <MenuItem value="">Default order</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.text}
        </MenuItem>
      ))}
    </TextField>
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
