import { Alert, Box, Card, CardContent, Divider, Skeleton, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { visitDayTexts, visitTexts } from '../../../shared/messages.ts';
import type { VisitSummary } from '../../../shared/schemas/visits.ts';
import { usePatientVisits } from './api/get-patient-visits.ts';
import { dayStatusOf, VisitDayStatusChip } from './visit-day-status.tsx';
import { dayText } from './visit-day-format.ts';

/**
 * A patient's upcoming visits (today and the next two weeks, as the server's default period
 * gives them): who is coming, when, for what; cancelled ones stay, marked, so a patient who was
 * told of a visit sees that it is off. Visits already over are left out. Null patient (an
 * account with no linked record): the empty text.
 */
export function PatientVisitsCard({ patientId }: { patientId: number | null }) {
  const visits = usePatientVisits(patientId);
  const headingId = useId();
  // "Upcoming" is measured from when the card opened, so the list does not shift under a reader.
  const [openedAt] = useState(() => Date.now());
  const upcoming = (visits.data?.visits ?? [])
    .filter(
      (v) =>
        Date.parse(v.plannedEnd) > openedAt && v.status !== 'completed' && v.status !== 'missed',
    )
    .sort((a, b) => a.plannedStart.localeCompare(b.plannedStart) || a.id - b.id);

  let body;
  if (patientId !== null && visits.isPending) body = <Skeleton variant="rounded" height={72} />;
  else if (visits.isError) body = <Alert severity="error">{visitDayTexts.upcomingError}</Alert>;
  else if (upcoming.length === 0)
    body = <Typography color="text.secondary">{visitDayTexts.upcomingEmpty}</Typography>;
  else {
    body = (
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {upcoming.map((visit, index) => (
          <Box component="li" key={visit.id}>
            {index > 0 && <Divider sx={{ my: 1.5 }} />}
            <UpcomingVisit visit={visit} />
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
          {visitDayTexts.upcomingTitle}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}

function UpcomingVisit({ visit }: { visit: VisitSummary }) {
  const cancelled = visit.status === 'cancelled';
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography sx={{ fontWeight: 600, textDecoration: cancelled ? 'line-through' : 'none' }}>
        {dayText(visit.localDate)} · {visitTexts.timeRange(visit.startTime, visit.endTime)}
      </Typography>
      <Typography>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {visitDayTexts.comingWho}:
        </Box>{' '}
        {visit.caregiverId === null ? visitDayTexts.notAssignedYet : visit.caregiverName}
      </Typography>
      <Typography>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {visitTexts.serviceType}:
        </Box>{' '}
        {visitTexts.serviceTypeLabels[visit.serviceType]}
      </Typography>
      {(cancelled || visit.status === 'in-progress') && (
        <Box>
          <VisitDayStatusChip status={dayStatusOf(visit)} />
        </Box>
      )}
      {cancelled && visit.cancelReason && (
        <Typography color="text.secondary">
          {visitDayTexts.cancelledReason(visit.cancelReason)}
        </Typography>
      )}
    </Box>
  );
}
