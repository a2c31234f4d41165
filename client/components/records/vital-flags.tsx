import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Chip } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { thresholdTexts, type VitalMeasurement } from '../../../shared/messages.ts';
import { outOfRange, type PatientRanges } from '../../../shared/vital-thresholds.ts';
import { readableTones } from '../../lib/theme-tokens.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';

/** Read by screen readers only: what the eye gets from the emphasis and the arrow. */
export { visuallyHidden };

/** Which way a value left its range, if it did. */
export type Direction = 'above' | 'below' | null;

/** Where each measurement of a reading stands against the patient's ranges. */
export function directionsOf(
  reading: Partial<Record<VitalMeasurement, number | null>>,
  ranges: PatientRanges | undefined,
): Partial<Record<VitalMeasurement, 'above' | 'below'>> {
  if (!ranges) return {};
  return Object.fromEntries(
    outOfRange(reading, ranges).map((o) => [
      o.measurement,
      o.high !== null && o.value > o.high ? 'above' : 'below',
    ]),
  );
}

/**
 * A value outside the patient's range: bold, in the error tone, with an arrow for the eye and
 * "above range" / "below range" for screen readers (never colour alone).
 */
export function FlaggedValue({ text, direction }: { text: string; direction: Direction }) {
  const theme = useTheme();
  if (!direction) return <>{text}</>;
  return (
    <Box
      component="strong"
      sx={{ color: readableTones[theme.palette.mode].errorText, whiteSpace: 'nowrap' }}
    >
      {text}
      <span aria-hidden="true">{direction === 'above' ? ' ↑' : ' ↓'}</span>
      <span style={visuallyHidden}>
        {' '}
        ({direction === 'above' ? thresholdTexts.above : thresholdTexts.below})
      </span>
    </Box>
  );
}

/** The row's flag: an icon and the words, so it does not rest on colour. */
export function OutOfRangeFlag() {
  return (
    <Chip
      icon={<WarningAmberIcon aria-hidden="true" />}
      label={thresholdTexts.outOfRange}
      color="error"
      variant="outlined"
      size="small"
      sx={{ mt: 0.5, fontWeight: 600 }}
    />
  );
}
