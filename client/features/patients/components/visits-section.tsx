import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { addDays } from '../../../../shared/dose-schedule.ts';
import { timesheetTexts, visitTexts } from '../../../../shared/messages.ts';
import type { VisitStatus, VisitSummary } from '../../../../shared/schemas/visits.ts';
import { CsvDownloadButton } from '../../../components/csv-download-button.tsx';
import { shortDate } from '../../../components/doses/dose-format.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states.tsx';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import { usePatientVisits } from '../api/get-patient-visits.ts';
import { CarePlanSection } from './care-plan-section.tsx';

// The record's view (and the type's form it opens) loads when a record is first opened.
const RecordViewDialog = lazyDialog(
  () => import('./record-view-dialog.tsx').then((m) => m.RecordViewDialog),
  (props) => props.entry !== null,
);

const statusColor: Record<VisitStatus, 'default' | 'primary' | 'success' | 'error'> = {
  planned: 'default',
  'in-progress': 'primary',
  completed: 'success',
  missed: 'error',
  cancelled: 'default',
};

/** Today on this device, 'YYYY-MM-DD'. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function VisitRow({ visit, onOpen }: { visit: VisitSummary; onOpen(): void }) {
  const time = visitTexts.timeRange(visit.startTime, visit.endTime);
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 1,
        px: 2,
        py: 1.5,
        '& + li': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Box sx={{ minWidth: 150 }}>
        <Typography sx={{ fontWeight: 600 }}>{shortDate(visit.localDate)}</Typography>
        <Typography>{time}</Typography>
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 180 }}>
        <Typography>{visitTexts.serviceTypeLabels[visit.serviceType]}</Typography>
        <Typography color="text.secondary">
          {visit.caregiverId === null ? visitTexts.unassigned : visit.caregiverName}
          {visit.taskCount > 0 &&
            ` · ${timesheetTexts.tasksDone(visit.tasksDone, visit.taskCount)}`}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        <Chip
          size="small"
          variant="outlined"
          color={statusColor[visit.status]}
          label={visitTexts.statusLabels[visit.status]}
        />
        {visit.late && <Chip size="small" color="warning" label={visitTexts.lateLabel} />}
      </Box>
      <Button
        variant="outlined"
        onClick={onOpen}
        aria-label={timesheetTexts.openVisit(shortDate(visit.localDate), visit.startTime)}
        sx={{ minHeight: 48 }}
      >
        {timesheetTexts.view}
      </Button>
    </Box>
  );
}

function VisitList({
  title,
  visits,
  onOpen,
}: {
  title: string;
  visits: VisitSummary[];
  onOpen(id: number): void;
}) {
  const headingId = useId();
  if (visits.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Paper variant="outlined" component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {visits.map((visit) => (
          <VisitRow key={visit.id} visit={visit} onOpen={() => onOpen(visit.id)} />
        ))}
      </Paper>
    </Box>
  );
}

/**
 * The patient's recent and coming visits (the last 14 days and the next 14), each opening the
 * visit's record: status, caregiver, times, where check-in and check-out were made, the tasks'
 * outcomes, the note and the progress report filed with it.
 */
export function PatientVisitsSection({ patientId }: { patientId: number }) {
  const day = today();
  const from = addDays(day, -14);
  const to = addDays(day, 14);
  const visits = usePatientVisits(patientId, from, to);
  const headingId = useId();
  const [opened, setOpened] = useState<number | null>(null);
  const now = Date.now();
  const list = visits.data?.visits ?? [];
  // Coming: not over yet (or still to be checked out); past, newest first.
  const isComing = (v: VisitSummary) =>
    v.status === 'in-progress' || (v.status === 'planned' && Date.parse(v.plannedEnd) >= now);
  const coming = list.filter(isComing);
  const past = list.filter((v) => !isComing(v)).reverse();

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Typography id={headingId} variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {timesheetTexts.patientVisitsTitle}
        </Typography>
        <CsvDownloadButton
          path={`/api/patients/${patientId}/visits.csv`}
          query={{ from, to }}
          listName={timesheetTexts.patientVisitsTitle}
        />
      </Box>
      {visits.isPending && <LoadingState />}
      {visits.isError && (
        <ErrorState
          text={timesheetTexts.errorFetchingVisits}
          onRetry={() => void visits.refetch()}
        />
      )}
      {visits.data && list.length === 0 && <EmptyState text={timesheetTexts.patientVisitsEmpty} />}
      <VisitList title={timesheetTexts.upcoming} visits={coming} onOpen={setOpened} />
      <VisitList title={timesheetTexts.past} visits={past} onOpen={setOpened} />
      <RecordViewDialog
        entry={opened === null ? null : { type: 'visit', id: opened }}
        patientId={patientId}
        onClose={() => setOpened(null)}
      />
    </Box>
  );
}

/** The chart's Visits tab: the care plan, then the visits. */
export function VisitsTab({ patientId }: { patientId: number }) {
  return (
    <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <CarePlanSection patientId={patientId} />
      <PatientVisitsSection patientId={patientId} />
    </Box>
  );
}
