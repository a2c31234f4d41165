import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { doseTexts, scheduleTexts } from '../../../../shared/messages.ts';
import { ErrorState } from '../../../components/list-states.tsx';
import { useDoseSummary } from '../api/get-dose-summary.ts';

/** One count of the medication rounds card: red when any dose is waiting for someone. */
function DoseCount({ label, value }: { label: string; value: number }) {
  return (
    <Box>
      <Typography
        variant="h3"
        component="p"
        sx={{ fontWeight: 700, color: value > 0 ? 'error.main' : 'text.primary' }}
        aria-label={`${label}: ${value}`}
      >
        {value.toLocaleString('en-US')}
      </Typography>
      <Typography variant="body2" color="text.secondary" aria-hidden>
        {label}
      </Typography>
    </Box>
  );
}

/** Late doses now and missed ones over the last 7 days, for the doctor's patients. */
export function MedicationRoundsCard() {
  const summary = useDoseSummary();
  const id = 'figure-medication-rounds';
  return (
    <Card component="section" aria-labelledby={id} aria-busy={summary.isLoading}>
      <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
        <Typography id={id} variant="h6" component="h2" color="text.secondary">
          {doseTexts.lateAndMissedTitle}
        </Typography>
        {summary.isError ? (
          <Box sx={{ mt: 1 }}>
            <ErrorState
              text={scheduleTexts.errorFetchingSummary}
              onRetry={() => void summary.refetch()}
            />
          </Box>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1 }}>
            {summary.data ? (
              <>
                <DoseCount label={doseTexts.lateCount} value={summary.data.late} />
                <DoseCount label={doseTexts.missedCount} value={summary.data.missed} />
              </>
            ) : (
              [doseTexts.lateCount, doseTexts.missedCount].map((label) => (
                <Box key={label}>
                  {/* The count's own line, so nothing moves when the counts arrive. */}
                  <Typography variant="h3" component="p">
                    <Skeleton variant="text" width={48} />
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                </Box>
              ))
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
