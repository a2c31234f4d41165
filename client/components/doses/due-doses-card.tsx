import { Box, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useId } from 'react';
import { doseRoundTexts, doseTexts } from '../../../shared/messages.ts';
import type { DoseSlot, DueDoses } from '../../../shared/schemas/doses.ts';
import { useSession } from '../../lib/auth.tsx';
import { EmptyState, ErrorState, LoadingState } from '../list-states.tsx';
import { PatientLink } from '../patient-link.tsx';
import { useDeferredData } from '../../lib/deferred-data.ts';
import { useDueDoses } from './api/get-due-doses.ts';
import { localDateOf, shortDate } from './dose-format.ts';
import { DoseSlotRow, PrnRow } from './dose-rows.tsx';
import { useDoseRecording, type DoseRecording } from './use-dose-recording.tsx';

/** The doses of one patient by their time, oldest first (as the list answers them). */
function byTime(doses: readonly DoseSlot[]): { date: string; time: string; doses: DoseSlot[] }[] {
  const groups: { date: string; time: string; doses: DoseSlot[] }[] = [];
  for (const dose of doses) {
    const last = groups.at(-1);
    if (last && last.date === dose.localDate && last.time === dose.localTime) last.doses.push(dose);
    else groups.push({ date: dose.localDate, time: dose.localTime, doses: [dose] });
  }
  return groups;
}

/**
 * "Doses due now": the user's patients' doses due, late and missed without an outcome, by
 * patient and then time, each recordable in one tap (Given) or two (Not given…), and each
 * patient's as-needed medicines. Read again every minute (statuses move with the clock) and
 * after each recording. `onSettled` is called once the list has first answered or failed, so a
 * dashboard can place what comes below it without pushing it down.
 */
export function DueDosesCard({ onSettled }: { onSettled?: () => void }) {
  const { can } = useSession();
  const due = useDueDoses();
  const recording = useDoseRecording();
  const headingId = useId();
  // A round can list hundreds of doses, each with its buttons: drawn in slices (useDeferredData).
  const { data, drawing } = useDeferredData(due.data);
  // Settled once drawn, so what is below appears under the list, not before it is there.
  // Offline with nothing saved, the list waits for the connection: what is below still shows.
  const settled = (due.isSuccess && !drawing) || due.isError || due.fetchStatus === 'paused';
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  const count = data?.patients.reduce((sum, patient) => sum + patient.doses.length, 0) ?? 0;
  const shown = data?.patients.filter((p) => p.doses.length > 0 || p.prn.length > 0) ?? [];
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1 }}>
          {doseTexts.dueNowTitle}
        </Typography>
        {(due.isPending || drawing) && <LoadingState label={doseRoundTexts.loading} />}
        {due.isError && !data && (
          <ErrorState text={doseTexts.errorFetchingDue} onRetry={() => void due.refetch()} />
        )}
        {data && count === 0 && <EmptyState text={doseTexts.dueNowEmpty} />}
        {data &&
          shown.map((patient) => (
            <PatientDoses
              key={patient.patientId}
              patient={patient}
              timeZone={data.timeZone}
              today={localDateOf(data.now, data.timeZone)}
              recording={can('doses:record') ? recording : undefined}
            />
          ))}
      </CardContent>
      {recording.dialog}
    </Card>
  );
}

function PatientDoses({
  patient,
  timeZone,
  today,
  recording,
}: {
  patient: DueDoses['patients'][number];
  timeZone: string;
  today: string;
  recording?: DoseRecording;
}) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ mt: 2, pt: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography id={headingId} variant="h6" component="h3">
        <PatientLink patientId={patient.patientId}>{patient.patientName}</PatientLink>
      </Typography>
      {byTime(patient.doses).map((group) => (
        <Box key={`${group.date} ${group.time}`} sx={{ mt: 1 }}>
          <Typography
            variant="subtitle1"
            component="h4"
            sx={{ fontWeight: 700, bgcolor: 'action.hover', px: 1.5, py: 0.5, borderRadius: 1 }}
          >
            {doseRoundTexts.timeHeading(
              group.date === today ? group.time : `${shortDate(group.date)} ${group.time}`,
            )}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {group.doses.map((slot) => (
              <DoseSlotRow
                key={`${slot.prescriptionId}@${slot.scheduledAt}`}
                slot={slot}
                timeZone={timeZone}
                today={today}
                recording={recording}
                showTime={false}
              />
            ))}
          </Box>
        </Box>
      ))}
      {patient.prn.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography
            variant="subtitle1"
            component="h4"
            sx={{ fontWeight: 700, bgcolor: 'action.hover', px: 1.5, py: 0.5, borderRadius: 1 }}
          >
            {doseTexts.asNeededTitle}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {patient.prn.map((prn) => (
              <PrnRow
                key={prn.prescriptionId}
                prn={prn}
                timeZone={timeZone}
                today={today}
                recording={recording}
              />
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
