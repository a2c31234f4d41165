import { Box, Button, TextField } from '@mui/material';
import { timesheetTexts } from '../../../../shared/messages.ts';
import {
  periodOf,
  quickPeriods,
  todayHere,
  type Period,
  type QuickPeriod,
} from '../timesheet-period.ts';

const quickLabels: Record<QuickPeriod, string> = {
  'this-week': timesheetTexts.thisWeek,
  'last-week': timesheetTexts.lastWeek,
  'this-month': timesheetTexts.thisMonth,
  'last-month': timesheetTexts.lastMonth,
};

/** From and To dates, and the four usual periods in one press each. */
export function PeriodPicker({
  period,
  onChange,
  error,
}: {
  period: Period;
  onChange(period: Period): void;
  error?: string;
}) {
  const today = todayHere();
  return (
    <Box
      role="group"
      aria-label={timesheetTexts.periodLabel}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}
    >
      <TextField
        type="date"
        label={timesheetTexts.from}
        name="from"
        value={period.from}
        onChange={(event) => onChange({ ...period, from: event.target.value })}
        error={Boolean(error)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: { xs: '100%', sm: 220 } }}
      />
      <TextField
        type="date"
        label={timesheetTexts.to}
        name="to"
        value={period.to}
        onChange={(event) => onChange({ ...period, to: event.target.value })}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: { xs: '100%', sm: 220 } }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignSelf: 'center' }}>
        {quickPeriods.map((choice) => {
          const target = periodOf(choice, today);
          const current = target.from === period.from && target.to === period.to;
          return (
            <Button
              key={choice}
              variant={current ? 'contained' : 'outlined'}
              aria-pressed={current}
              onClick={() => onChange(target)}
              sx={{ minHeight: 48 }}
            >
              {quickLabels[choice]}
            </Button>
          );
        })}
      </Box>
    </Box>
  );
}
