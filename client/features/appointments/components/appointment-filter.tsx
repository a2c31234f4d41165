import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { AppointmentPeriod } from '../api/period.ts';

/** Upcoming (soonest first), past (latest first) or all appointments; null: none of them. */
export function AppointmentFilter({
  value,
  onChange,
}: {
  value: AppointmentPeriod | null;
  onChange(value: AppointmentPeriod): void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      onChange={(_event, next: AppointmentPeriod | null) => next && onChange(next)}
      aria-label="Which appointments"
      sx={{ mb: 2, '& .MuiToggleButton-root': { px: 2.5, minHeight: 44, textTransform: 'none' } }}
    >
      <ToggleButton value="upcoming">Upcoming</ToggleButton>
      <ToggleButton value="past">Past</ToggleButton>
      <ToggleButton value="all">All</ToggleButton>
    </ToggleButtonGroup>
  );
}
