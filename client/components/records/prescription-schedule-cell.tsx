import { Box, Typography } from '@mui/material';
import type { Prescription } from '../../../shared/schemas/prescriptions.ts';
import { scheduleDetailsText, scheduleText } from './prescription-schedule.ts';

/** A prescription's schedule in a table cell: its times or PRN limits, then route and dates. */
export function ScheduleCell({ prescription }: { prescription: Prescription }) {
  const main = scheduleText(prescription);
  const details = scheduleDetailsText(prescription);
  if (!main && !details) return null;
  return (
    <Box>
      {main && (
        <Box component="span" sx={{ display: 'block' }}>
          {main}
        </Box>
      )}
      {details && (
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: 'block' }}
        >
          {details}
        </Typography>
      )}
    </Box>
  );
}
