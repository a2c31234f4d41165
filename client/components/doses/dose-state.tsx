import { Box, Typography } from '@mui/material';
import { doseRoundTexts, doseTexts } from '../../../shared/messages.ts';
import { isDoseConflict } from '../../../shared/constants.ts';
import type { PrnStatus } from '../../../shared/schemas/doses.ts';
import { ApiError } from '../../lib/api.ts';
import { doseTimeText } from './dose-format.ts';

export const slotKey = (slot: { prescriptionId: number; scheduledAt: string }) =>
  `${slot.prescriptionId}@${slot.scheduledAt}`;

/** The body of a 409 of recording, when it is one. */
export function doseConflictOf(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  return isDoseConflict(error.body) ? error.body : null;
}

/** An as-needed medicine's state: when the next dose may be given, how many in 24 hours. */
export function PrnState({
  prn,
  timeZone,
  today,
}: {
  prn: PrnStatus;
  timeZone: string;
  /** The agency's date today: a time of another day shows its date. */
  today: string;
}) {
  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>
        {prn.nextAllowedAt
          ? doseTexts.nextAllowed(doseTimeText(prn.nextAllowedAt, timeZone, today))
          : doseRoundTexts.prnAllowedNow}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {doseTexts.prnCount(prn.givenLast24h, prn.maxPerDay)}
        {' · '}
        {doseRoundTexts.prnRule(prn.minIntervalMinutes, prn.maxPerDay)}
      </Typography>
    </Box>
  );
}
