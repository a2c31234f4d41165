import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import type { DirectoryEntry, DirectoryRole } from '../../shared/schemas/directory.ts';
import { useDirectoryEntry } from './api/get-directory-entry.ts';
import { useDirectorySearch } from './api/search-directory.ts';

interface PersonPickerProps {
  role: DirectoryRole;
  label: string;
  /** The stored id (patient id for patients, user id for doctors and caregivers). */
  value: number | null;
  onChange(id: number | null): void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  /**
   * Deleted patients too, labelled "(deleted)": for screens about the past (the audit log,
   * deleted records), open to those who read the audit log or restore records.
   */
  includeDeleted?: boolean;
}

/** How an entry reads in the list and in the field. */
const labelOf = (entry: DirectoryEntry): string =>
  `${entry.name}${entry.deleted ? ' (deleted)' : ''} (ID ${entry.id})`;

/** A searchable picker that shows names and holds the id (patients, doctors, caregivers). */
export function PersonPicker({
  role,
  label,
  value,
  onChange,
  error,
  required,
  disabled,
  name,
  includeDeleted = false,
}: PersonPickerProps) {
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);

  const options = useDirectorySearch(role, q, includeDeleted);
  // Label a pre-filled id that is not among the first search results.
  const selected = useDirectoryEntry(role, value, includeDeleted);
  const selectedEntry =
    value === null
      ? null
      : (options.data?.find((entry) => entry.id === value) ??
        selected.data?.find((entry) => entry.id === value) ?? { id: value, name: `#${value}` });
  const all = [...(options.data ?? [])];
  if (selectedEntry && !all.some((entry) => entry.id === selectedEntry.id))
    all.unshift(selectedEntry);

  return (
    <Autocomplete
      options={all}
      value={selectedEntry}
      disabled={disabled}
      filterOptions={(x) => x}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      onChange={(_event, entry) => onChange(entry?.id ?? null)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setInput(text);
        if (reason === 'clear') setInput('');
      }}
      loading={options.isFetching}
      noOptionsText="No matches"
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          name={name}
          required={required}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {options.isFetching ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
