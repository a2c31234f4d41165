import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import { Box, IconButton, Typography } from '@mui/material';
import { useId } from 'react';
import { pagerTexts } from '../../shared/messages.ts';

export interface PagerProps {
  /** Rows in the whole list. */
  count: number;
  /** The total is a lower bound: "of more than …". */
  capped?: boolean;
  /** The page shown, from 0. */
  page: number;
  rowsPerPage: number;
  rowsPerPageOptions: readonly number[];
  onPageChange(page: number): void;
  onRowsPerPageChange(rows: number): void;
}

/**
 * The pages of a list: how many rows a page holds (the browser's own select, which a phone
 * shows as its own large picker), which rows are shown of how many, and the previous and next
 * page. It says and does what MUI's TablePagination does, without its Select, which brought
 * the text field's whole code onto every list screen. On a phone at a large text size its
 * parts wrap, the arrows keeping to the right.
 */
export function Pager({
  count,
  capped = false,
  page,
  rowsPerPage,
  rowsPerPageOptions,
  onPageChange,
  onRowsPerPageChange,
}: PagerProps) {
  const selectId = useId();
  const lastPage = Math.max(0, Math.ceil(count / rowsPerPage) - 1);
  const from = count === 0 ? 0 : page * rowsPerPage + 1;
  const to = Math.min(count, (page + 1) * rowsPerPage);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        columnGap: 3,
        rowGap: 0.5,
        minHeight: 56,
        px: 2,
        py: 0.5,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="label" htmlFor={selectId} variant="body2">
          {pagerTexts.rowsPerPage}
        </Typography>
        <Box
          component="select"
          id={selectId}
          value={rowsPerPage}
          onChange={(event) => onRowsPerPageChange(Number(event.target.value))}
          sx={(theme) => ({
            font: 'inherit',
            fontSize: theme.typography.body2.fontSize,
            color: 'text.primary',
            backgroundColor: 'background.paper',
            colorScheme: theme.palette.mode,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            minHeight: 44,
            px: 1,
            cursor: 'pointer',
            '&:hover': { borderColor: 'text.primary' },
            '&:focus-visible': {
              outline: `2px solid ${theme.palette.primary.main}`,
              outlineOffset: 2,
            },
          })}
        >
          {rowsPerPageOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Box>
      </Box>
      <Typography variant="body2">{pagerTexts.shown(from, to, count, capped)}</Typography>
      <Box sx={{ display: 'flex', gap: 0.5, ml: { xs: 'auto', sm: 0 } }}>
        <IconButton
          onClick={() => onPageChange(page - 1)}
          disabled={page === 0}
          aria-label={pagerTexts.previous}
          title={pagerTexts.previous}
          sx={{ width: 44, height: 44 }}
        >
          <KeyboardArrowLeft />
        </IconButton>
        <IconButton
          onClick={() => onPageChange(page + 1)}
          disabled={page >= lastPage}
          aria-label={pagerTexts.next}
          title={pagerTexts.next}
          sx={{ width: 44, height: 44 }}
        >
          <KeyboardArrowRight />
        </IconButton>
      </Box>
    </Box>
  );
}
