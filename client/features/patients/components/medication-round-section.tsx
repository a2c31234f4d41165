import TableChartIcon from '@mui/icons-material/TableChart';
import { Box, Button, Paper, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { doseRoundTexts, doseTexts } from '../../../../shared/messages.ts';
import type { Adherence } from '../../../../shared/schemas/doses.ts';
import { usePatientDoseDay } from '../../../components/doses/api/get-patient-dose-day.ts';
import { localDateOf, shortDate } from '../../../components/doses/dose-format.ts';
import { DoseSlotRow, PrnGivenRow, PrnRow } from '../../../components/doses/dose-rows.tsx';
import { useDoseRecording } from '../../../components/doses/use-dose-recording.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states.tsx';
import { useSession } from '../../../lib/auth.tsx';

/**
 * The chart's medication round: a day's doses of the patient (today by default; a date picker
 * looks at another) with their status and outcome, recorded and corrected here by those who
 * record doses; the as-needed medicines; adherence over 7 and 30 days; and the way to the MAR.
 */
export function MedicationRoundSection({ patientId }: { patientId: number }) {
  const { can } = useSession();
  const [date, setDate] = useState<string | null>(null);
  const day = usePatientDoseDay(patientId, date);
  const recording = useDoseRecording();
  const mayRecord = can('doses:record');
  const headingId = useId();
  const data = day.data;
  const today = localDateOf(new Date().toISOString(), data?.timeZone ?? 'UTC');
  const isToday = data ? data.date === today : date === null;
  const title =
    !data || isToday ? doseTexts.todayTitle : doseRoundTexts.dayTitle(shortDate(data.date));

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Typography id={headingId} variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Button
          component={RouterLink}
          to={`/patients/${patientId}/mar`}
          variant="outlined"
          startIcon={<TableChartIcon />}
          sx={{ minHeight: 48 }}
        >
          {doseTexts.openMar}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField
          type="date"
          label={doseRoundTexts.date}
          value={date ?? data?.date ?? ''}
          onChange={(event) => setDate(event.target.value || null)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        />
        {!isToday && (
          <Button onClick={() => setDate(null)} sx={{ minHeight: 48 }}>
            {doseRoundTexts.today}
          </Button>
        )}
      </Box>
      {day.isPending && <LoadingState label={doseRoundTexts.loading} />}
      {day.isError && (
        <ErrorState text={doseRoundTexts.errorFetchingDay} onRetry={() => void day.refetch()} />
      )}
      {data && !day.isError && (
        <>
          <AdherenceFigures adherence={data.adherence} />
          {data.doses.length === 0 ? (
            <EmptyState text={isToday ? doseTexts.noDosesToday : doseRoundTexts.noDosesOnDay} />
          ) : (
            <Box component="ul" sx={{ m: 0, p: 0 }} aria-label={title}>
              {data.doses.map((slot) => (
                <DoseSlotRow
                  key={`${slot.prescriptionId}@${slot.scheduledAt}`}
                  slot={slot}
                  timeZone={data.timeZone}
                  today={data.date}
                  recording={mayRecord ? recording : undefined}
                />
              ))}
            </Box>
          )}
          {(data.prnGiven.length > 0 || (isToday && data.prn.length > 0)) && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="h6" component="h3">
                {doseTexts.asNeededTitle}
              </Typography>
              {isToday && data.prn.length > 0 && (
                <Box component="ul" sx={{ m: 0, p: 0 }}>
                  {data.prn.map((prn) => (
                    <PrnRow
                      key={prn.prescriptionId}
                      prn={prn}
                      timeZone={data.timeZone}
                      today={data.date}
                      recording={mayRecord ? recording : undefined}
                    />
                  ))}
                </Box>
              )}
              <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mt: 1 }}>
                {doseRoundTexts.prnGivenTitle}
              </Typography>
              {data.prnGiven.length === 0 ? (
                <EmptyState text={doseRoundTexts.noPrnGiven} />
              ) : (
                <Box component="ul" sx={{ m: 0, p: 0 }}>
                  {data.prnGiven.map((dose) => (
                    <PrnGivenRow
                      key={dose.id}
                      dose={dose}
                      timeZone={data.timeZone}
                      recording={mayRecord ? recording : undefined}
                    />
                  ))}
                </Box>
              )}
            </Box>
          )}
        </>
      )}
      {recording.dialog}
    </Box>
  );
}

/** Given ÷ scheduled over the last 7 and 30 days. */
function AdherenceFigures({ adherence }: { adherence: Adherence }) {
  const spans = [
    { label: doseTexts.adherence7, span: adherence.days7 },
    { label: doseTexts.adherence30, span: adherence.days30 },
  ];
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {doseTexts.adherence}
      </Typography>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0 }}>
        {spans.map(({ label, span }) => (
          <Paper key={label} variant="outlined" sx={{ px: 2, py: 1, minWidth: 180 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontSize: '1.15rem' }}>
              {doseTexts.adherenceValue(span.given, span.scheduled)}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
