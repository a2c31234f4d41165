import { Box, ButtonBase, Typography } from '@mui/material';
import { localParts } from '../../../../shared/dose-schedule.ts';
import { rotaTexts, visitTexts } from '../../../../shared/messages.ts';
import type { RotaDay, VisitSummary } from '../../../../shared/schemas/visits.ts';
import { EmptyState } from '../../../components/list-states.tsx';
import { dayLong } from '../lib/rota-dates.ts';
import {
  StatusChip,
  toneOf,
  type RotaTone,
  useToneColours,
} from '../../../components/visits/visit-status.tsx';

const countTones: { key: keyof RotaDay['counts']; tone: RotaTone }[] = [
  { key: 'planned', tone: 'planned' },
  { key: 'late', tone: 'late' },
  { key: 'inProgress', tone: 'in-progress' },
  { key: 'completed', tone: 'completed' },
  { key: 'missed', tone: 'missed' },
  { key: 'cancelled', tone: 'cancelled' },
];

/** How many visits of the day are in each state, as a list of figures. */
export function DayCounts({ counts }: { counts: RotaDay['counts'] }) {
  const colours = useToneColours();
  return (
    <Box
      component="ul"
      aria-label={rotaTexts.dayCounts}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mb: 2,
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))',
        gap: 1,
      }}
    >
      {countTones.map(({ key, tone }) => (
        <Box
          component="li"
          key={key}
          data-count={key}
          sx={{
            px: 1.5,
            py: 1,
            borderRadius: 2,
            bgcolor: colours(tone).bg,
            color: colours(tone).fg,
          }}
        >
          <Box component="span" sx={{ display: 'block', fontSize: '1.75rem', fontWeight: 700 }}>
            {counts[key]}
          </Box>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {rotaTexts.countLabels[key]}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

const clock = (at: string | null, zone: string) =>
  at ? localParts(new Date(at), zone).time : null;

/**
 * Every visit of the day in time order: times, caregiver, patient, type of service, state in
 * words, check-in and check-out. Each row opens the visit (a button).
 */
export function DayList({ day, onOpen }: { day: RotaDay; onOpen(visit: VisitSummary): void }) {
  if (day.visits.length === 0) return <EmptyState text={rotaTexts.noVisitsDay} />;
  const visits = [...day.visits].sort((a, b) => a.plannedStart.localeCompare(b.plannedStart));
  return (
    <Box
      component="ol"
      aria-label={rotaTexts.dayListLabel(dayLong(day.date))}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {visits.map((visit) => {
        const tone = toneOf(visit);
        const checkIn = clock(visit.checkInAt, day.timeZone);
        const checkOut = clock(visit.checkOutAt, day.timeZone);
        return (
          <li key={visit.id}>
            <ButtonBase
              onClick={() => onOpen(visit)}
              focusRipple
              data-status={tone}
              sx={{
                width: '100%',
                textAlign: 'left',
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', md: '9rem 1fr 1fr auto' },
                gap: { xs: 0.5, md: 2 },
                alignItems: 'center',
                p: 1.5,
                minHeight: 48,
                borderRadius: 2,
                border: 1,
                borderColor: tone === 'late' || tone === 'missed' ? 'error.main' : 'divider',
                borderLeftWidth: 6,
                bgcolor: 'background.paper',
                '&.Mui-focusVisible, &:focus-visible': {
                  outline: '3px solid',
                  outlineColor: 'primary.main',
                  outlineOffset: 2,
                },
              }}
            >
              <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
                {visitTexts.timeRange(visit.startTime, visit.endTime)}
              </Typography>
              <Box component="span" sx={{ minWidth: 0 }}>
                <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                  {visit.patientName}
                </Typography>
                <Typography component="span" sx={{ display: 'block' }} color="text.secondary">
                  {visitTexts.serviceTypeLabels[visit.serviceType]}
                </Typography>
              </Box>
              <Box component="span" sx={{ minWidth: 0 }}>
                <Typography component="span" sx={{ display: 'block' }}>
                  {visitTexts.caregiver}:{' '}
                  {visit.caregiverId === null ? visitTexts.unassigned : visit.caregiverName}
                </Typography>
                <Typography component="span" sx={{ display: 'block' }} color="text.secondary">
                  {checkIn ? visitTexts.checkedInAt(checkIn) : rotaTexts.notCheckedIn}
                  {checkOut ? ` · ${visitTexts.checkedOutAt(checkOut)}` : ''}
                </Typography>
              </Box>
              <StatusChip tone={tone} />
            </ButtonBase>
          </li>
        );
      })}
    </Box>
  );
}
