import { Box, Button, Collapse, MenuItem, TextField, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useId, useState } from 'react';
import type { DirectoryRole } from '../../shared/schemas/directory.ts';
import type { ListFilterValues } from '../lib/use-paged-list.ts';
import { PersonPicker } from './person-picker.tsx';

/** One filter of a list: a person picked by name, one end of a date range, or a choice. */
export type ListFilterField =
  | {
      kind: 'person';
      name: string;
      role: DirectoryRole;
      label: string;
      /** Deleted patients too (the audit log and Deleted Records look at the past). */
      includeDeleted?: boolean;
    }
  | { kind: 'date'; name: string; label: string }
  | {
      kind: 'select';
      name: string;
      label: string;
      /** What no choice is called ("All types"); its value is empty. */
      anyLabel: string;
      options: readonly { value: string; label: string }[];
    };

interface ListFiltersProps {
  /** Names the form for screen readers ("Filter medical records"). */
  label: string;
  fields: readonly ListFilterField[];
  /** A paged list's filters (`usePagedList` with `filters`). */
  list: {
    filters: ListFilterValues;
    setFilter(name: string, value: string): void;
    clearFilters(): void;
    filtered: boolean;
  };
}

export const idOf = (text: string | undefined): number | null => {
  const id = Number(text);
  return text && Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The filters above a list: people by name (never a typed id) and a date range, with "Clear
 * filters" once any is set. One column on a phone, as many as fit beside each other on wider
 * screens.
 */
export function ListFilters({ label, fields, list }: ListFiltersProps) {
  // On a phone the filters fold away behind one button, so the list stays in sight; the button
  // says how many are set.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const formId = useId();
  const set = fields.filter((field) => (list.filters[field.name] ?? '') !== '').length;
  const form = (
    <Box
      component="form"
      id={formId}
      role="search"
      aria-label={label}
      onSubmit={(event) => event.preventDefault()}
      sx={{
        display: 'grid',
        gap: 2,
        alignItems: 'start',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          lg: `repeat(${Math.min(fields.length, 4)}, minmax(0, 1fr))`,
        },
        // On a phone a person's name takes the whole row; the two days share one.
        '& > .person-filter': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
        mb: 2,
      }}
    >
      {fields.map((field) => {
        const value = list.filters[field.name] ?? '';
        switch (field.kind) {
          case 'person':
            return (
              <Box key={field.name} className="person-filter">
                <PersonPicker
                  role={field.role}
                  includeDeleted={field.includeDeleted}
                  label={field.label}
                  name={field.name}
                  value={idOf(value)}
                  onChange={(id) => list.setFilter(field.name, id === null ? '' : String(id))}
                />
              </Box>
            );
          case 'select':
            return (
              <TextField
                key={field.name}
                select
                label={field.label}
                name={field.name}
                value={field.options.some((option) => option.value === value) ? value : ''}
                onChange={(event) => list.setFilter(field.name, event.target.value)}
                // No choice is the empty value: show its label rather than an empty box.
                slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              >
                <MenuItem value="">{field.anyLabel}</MenuItem>
                {field.options.map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
            );
          case 'date':
            return (
              <TextField
                key={field.name}
                label={field.label}
                name={field.name}
                type="date"
                value={value}
                onChange={(event) => list.setFilter(field.name, event.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            );
        }
      })}
      {list.filtered && (
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={list.clearFilters}>Clear filters</Button>
        </Box>
      )}
    </Box>
  );
  if (!phone) return form;
  return (
    <Box sx={{ mb: 2 }}>
      <Button
        variant="outlined"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => setOpen((current) => !current)}
        startIcon={<FilterListIcon />}
        sx={{ mb: open ? 2 : 0 }}
      >
        {open ? 'Hide filters' : set > 0 ? `Filters (${set} set)` : 'Filters'}
      </Button>
      {/* Folded filters leave the page: nothing hidden stays to be tabbed to or read. */}
      <Collapse in={open} unmountOnExit>
        {form}
      </Collapse>
    </Box>
  );
}
