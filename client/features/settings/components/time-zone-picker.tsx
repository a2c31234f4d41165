import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';
import { deviceTimeZone } from '../../../../shared/format.ts';

/** The zones this browser knows, as IANA names (Europe/London). */
function knownZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? ['UTC'];
  } catch {
    return ['UTC'];
  }
}

/** The first choice: no zone of one's own, times follow the device. */
const DEVICE = '';

/**
 * The "Time zone" setting: a searchable list of zones, the first choice "Use this device's time
 * zone (<zone>)" (value null).
 */
export function TimeZonePicker({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange(value: string | null): void;
  error?: string;
}) {
  const device = deviceTimeZone();
  const options = useMemo(() => {
    const zones = knownZones();
    // A saved zone the list lacks (another name for a zone) stays choosable.
    if (value && !zones.includes(value)) zones.unshift(value);
    return [DEVICE, ...zones];
  }, [value]);
  const label = (option: string) =>
    option === DEVICE ? `Use this device's time zone (${device})` : option.replaceAll('_', ' ');
  return (
    <Autocomplete
      options={options}
      value={value ?? DEVICE}
      onChange={(_, next) => onChange(next ? next : null)}
      getOptionLabel={label}
      disableClearable
      autoHighlight
      sx={{ maxWidth: 420, mb: 2 }}
      slotProps={{ listbox: { sx: { '& li': { minHeight: 44 } } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Time zone"
          error={Boolean(error)}
          helperText={error ?? 'Dates and times are shown in this zone, on every device.'}
        />
      )}
    />
  );
}
