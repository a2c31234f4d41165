import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PhoneIcon from '@mui/icons-material/Phone';
import { Box, Button, Card, CardContent, Link, Typography } from '@mui/material';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { addDays } from '../../../shared/dose-schedule.ts';
import { offlineTexts, visitDayTexts, visitTexts } from '../../../shared/messages.ts';
import type { MyVisit } from '../../../shared/schemas/visits.ts';
import { useSession } from '../../lib/auth.tsx';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { useOfflineQueue, type QueuedChange } from '../../lib/offline-queue.ts';
import { EmptyState, ErrorState, LoadingState } from '../list-states.tsx';
import { PatientLink } from '../patient-link.tsx';
import { WaitingToSendChip } from '../waiting-to-send-chip.tsx';
import { useMyVisits } from './api/get-my-visits.ts';
import { positionText } from './use-position.ts';
import { dayStatusOf, VisitDayStatusChip } from './visit-day-status.tsx';
import { dayText, localDateOf, visitTimeText } from './visit-day-format.ts';

// The check-in and check-out forms (react-hook-form, zod) load when a visit is first checked.
const CheckInDialog = lazyDialog(
  () => import('./check-in-dialog.tsx').then((m) => m.CheckInDialog),
  (props) => props.visit !== null,
);
const CheckOutDialog = lazyDialog(
  () => import('./check-out-dialog.tsx').then((m) => m.CheckOutDialog),
  (props) => props.visit !== null,
);

/** How often the buttons look at the clock (check-in opening), between the list's reads. */
const CLOCK_TICK_MS = 15_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * "My visits today": the caller's visits of a day in time order, one block each, built for a
 * phone: time, patient (a link to the chart), address and phone, service, status in words,
 * instructions, tasks, and a full-width Check in or Check out. Read again every minute and when
 * the window comes back into focus; a day switcher shows the days before and after.
 * `onSettled` is called once the day has first answered or failed, so a dashboard can place
 * what comes below it without pushing it down.
 */
export function MyVisitsCard({ onSettled }: { onSettled?: () => void }) {
  const { can } = useSession();
  const [date, setDate] = useState<string | null>(null);
  const visits = useMyVisits(date);
  const now = useNow();
  const headingId = useId();
  const [checkingIn, setCheckingIn] = useState<MyVisit | null>(null);
  const [checkingOut, setCheckingOut] = useState<MyVisit | null>(null);
  // Offline with nothing saved, the day waits for the connection: what is below still shows.
  const settled = visits.isSuccess || visits.isError || visits.fetchStatus === 'paused';
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);

  const data = visits.data;
  const today = data ? localDateOf(data.now, data.timeZone) : null;
  const shownDate = data?.date ?? null;
  const isToday = shownDate !== null && shownDate === today;
  const title =
    shownDate === null || isToday ? visitDayTexts.title : visitDayTexts.titleOn(dayText(shownDate));
  const checks = can('visits:check');
  const { entries } = useOfflineQueue();
  const ordered = data
    ? [...data.visits]
        .sort((a, b) => a.plannedStart.localeCompare(b.plannedStart) || a.id - b.id)
        .map((visit) => withQueued(visit, entries))
    : [];

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {data && (
          <DaySwitcher
            date={data.date}
            isToday={isToday}
            onChange={(next) => setDate(next === today ? null : next)}
            onToday={() => setDate(null)}
          />
        )}
        {visits.isPending && <LoadingState label={visitDayTexts.loading} />}
        {visits.isError && !data && (
          <ErrorState text={visitDayTexts.errorLoading} onRetry={() => void visits.refetch()} />
        )}
        {data && ordered.length === 0 && (
          <EmptyState
            text={isToday ? visitDayTexts.empty : visitDayTexts.emptyOn(dayText(data.date))}
          />
        )}
        {data && ordered.length > 0 && (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
            {ordered.map(({ visit, waiting }) => (
              <VisitBlock
                key={visit.id}
                visit={visit}
                waiting={waiting}
                timeZone={data.timeZone}
                today={today ?? data.date}
                now={now}
                onCheckIn={checks ? () => setCheckingIn(visit) : undefined}
                onCheckOut={checks ? () => setCheckingOut(visit) : undefined}
              />
            ))}
          </Box>
        )}
      </CardContent>
      <CheckInDialog
        visit={checkingIn}
        timeZone={data?.timeZone ?? 'UTC'}
        onClose={() => setCheckingIn(null)}
      />
      <CheckOutDialog
        visit={checkingOut}
        timeZone={data?.timeZone ?? 'UTC'}
        onClose={() => setCheckingOut(null)}
      />
    </Card>
  );
}

function DaySwitcher({
  date,
  isToday,
  onChange,
  onToday,
}: {
  date: string;
  isToday: boolean;
  onChange(date: string): void;
  onToday(): void;
}) {
  const button = { minHeight: 48, px: 1.5 } as const;
  return (
    <Box role="group" aria-label={visitDayTexts.dayShown} sx={{ mb: 2 }}>
      <Typography component="p" sx={{ fontWeight: 600, mb: 1 }}>
        {dayText(date)}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))',
        }}
      >
        <Button
          variant="outlined"
          startIcon={<ChevronLeftIcon />}
          onClick={() => onChange(addDays(date, -1))}
          sx={button}
        >
          {visitDayTexts.previousDay}
        </Button>
        {!isToday && (
          <Button variant="outlined" onClick={onToday} sx={button}>
            {visitDayTexts.today}
          </Button>
        )}
        <Button
          variant="outlined"
          endIcon={<ChevronRightIcon />}
          onClick={() => onChange(addDays(date, 1))}
          sx={button}
        >
          {visitDayTexts.nextDay}
        </Button>
      </Box>
    </Box>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography sx={{ overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {children}
    </Typography>
  );
}

/** A visit's check-in or check-out kept on this phone, waiting to be sent. */
interface WaitingChecks {
  checkIn?: QueuedChange;
  checkOut?: QueuedChange;
}

/**
 * The visit as it stands on this phone: a check-in kept here makes it in progress from the
 * phone's time (so it can be checked out offline too), a check-out kept here completes it.
 */
function withQueued(
  visit: MyVisit,
  changes: readonly QueuedChange[],
): { visit: MyVisit; waiting: WaitingChecks } {
  const waitingOf = (kind: QueuedChange['kind']) =>
    changes.find(
      (change) =>
        change.kind === kind && change.refs.visitId === visit.id && change.state !== 'refused',
    );
  const waiting: WaitingChecks = {};
  let shown = visit;
  const checkIn = waitingOf('checkIn');
  if (checkIn && shown.status === 'planned') {
    waiting.checkIn = checkIn;
    shown = { ...shown, status: 'in-progress', late: false, checkInAt: checkIn.recordedAt };
  }
  const checkOut = waitingOf('checkOut');
  if (checkOut && shown.status === 'in-progress') {
    waiting.checkOut = checkOut;
    shown = { ...shown, status: 'completed', checkOutAt: checkOut.recordedAt };
  }
  return { visit: shown, waiting };
}

function VisitBlock({
  visit,
  waiting,
  timeZone,
  today,
  now,
  onCheckIn,
  onCheckOut,
}: {
  visit: MyVisit;
  waiting: WaitingChecks;
  timeZone: string;
  today: string;
  now: number;
  onCheckIn?: () => void;
  onCheckOut?: () => void;
}) {
  const headingId = useId();
  const status = dayStatusOf(visit);
  const time = visitTexts.timeRange(visit.startTime, visit.endTime);
  const opensAt = Date.parse(visit.checkInOpensAt);
  const checkInOpen = Number.isNaN(opensAt) || now >= opensAt;
  // Past its planned end a visit can no longer be checked in (the server refuses it too).
  const checkInOver = now >= Date.parse(visit.plannedEnd);
  return (
    <Box component="li">
      <Box
        component="section"
        aria-labelledby={headingId}
        sx={{
          border: 1,
          borderColor: status === 'in-progress' ? 'primary.main' : 'divider',
          borderWidth: status === 'in-progress' ? 2 : 1,
          borderRadius: 2,
          p: 2,
          display: 'grid',
          gap: 1,
        }}
      >
        <Typography id={headingId} variant="h6" component="h3" sx={{ lineHeight: 1.3 }}>
          <Box component="span" sx={{ display: 'block', fontWeight: 700 }}>
            {time}
          </Box>{' '}
          <PatientLink patientId={visit.patientId}>{visit.patientName}</PatientLink>
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <VisitDayStatusChip status={status} />
          {(waiting.checkIn || waiting.checkOut) && <WaitingToSendChip />}
          <Typography color="text.secondary">
            {visitTexts.serviceTypeLabels[visit.serviceType]}
          </Typography>
        </Box>
        {visit.status === 'cancelled' && visit.cancelReason && (
          <Typography>{visitDayTexts.cancelledReason(visit.cancelReason)}</Typography>
        )}
        {visit.patientAddress && <Line label={visitDayTexts.address}>{visit.patientAddress}</Line>}
        {visit.patientPhone && (
          <Box>
            <Link
              href={`tel:${visit.patientPhone.replace(/[^\d+]/g, '')}`}
              underline="always"
              aria-label={visitDayTexts.call(visit.patientPhone)}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minHeight: 48 }}
            >
              <PhoneIcon fontSize="small" aria-hidden />
              {visit.patientPhone}
            </Link>
          </Box>
        )}
        {visit.instructions && <Line label={visitTexts.instructions}>{visit.instructions}</Line>}
        <TaskList visit={visit} />
        {waiting.checkIn && (
          <Typography sx={{ fontWeight: 600 }}>
            {offlineTexts.checkedInWaiting(
              visitTimeText(waiting.checkIn.recordedAt, timeZone, today),
            )}
          </Typography>
        )}
        {waiting.checkOut && (
          <Typography sx={{ fontWeight: 600 }}>
            {offlineTexts.checkedOutWaiting(
              visitTimeText(waiting.checkOut.recordedAt, timeZone, today),
            )}
          </Typography>
        )}
        {visit.checkInAt && !waiting.checkIn && (
          <Typography>
            {visitDayTexts.checkedInNotice(
              visitTimeText(visit.checkInAt, timeZone, today),
              positionText(visit.checkInLocation, visit.checkInAccuracy),
            )}
          </Typography>
        )}
        {visit.checkOutAt && !waiting.checkOut && (
          <Typography>
            {visitDayTexts.checkedOutNotice(
              visitTimeText(visit.checkOutAt, timeZone, today),
              positionText(visit.checkOutLocation, visit.checkOutAccuracy),
            )}
          </Typography>
        )}
        {visit.status === 'planned' && !checkInOver && onCheckIn && (
          <Box sx={{ mt: 1 }}>
            <Button
              variant="contained"
              size="large"
              fullWidth
              disabled={!checkInOpen}
              onClick={onCheckIn}
              aria-label={visitDayTexts.checkInAction(visit.patientName)}
              sx={{ minHeight: 56, fontSize: '1.1rem' }}
            >
              {visitTexts.checkIn}
            </Button>
            {!checkInOpen && (
              <Typography sx={{ mt: 0.5, textAlign: 'center' }}>
                {visitDayTexts.checkInOpensAt(visitTimeText(visit.checkInOpensAt, timeZone, today))}
              </Typography>
            )}
          </Box>
        )}
        {visit.status === 'in-progress' && onCheckOut && (
          <Button
            variant="contained"
            color="secondary"
            size="large"
            fullWidth
            onClick={onCheckOut}
            aria-label={visitDayTexts.checkOutAction(visit.patientName)}
            sx={{ minHeight: 56, fontSize: '1.1rem', mt: 1 }}
          >
            {visitTexts.checkOut}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/**
 * The visit's tasks under their own heading, inside the visit's region: every visit has a list
 * called Tasks, so a region of its own would give a screen reader's landmarks one name many times.
 */
function TaskList({ visit }: { visit: MyVisit }) {
  if (visit.tasks.length === 0) return null;
  const marked = visit.status === 'completed' || visit.tasks.some((t) => t.status !== 'pending');
  return (
    <Box>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
        {visitTexts.tasks}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {[...visit.tasks]
          .sort((a, b) => a.position - b.position)
          .map((task) => (
            <Typography component="li" key={task.id} sx={{ overflowWrap: 'anywhere' }}>
              {task.title}
              {marked && task.status !== 'pending' && (
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {' — '}
                  {visitDayTexts.taskOutcome(visitTexts.taskStatusLabels[task.status], task.reason)}
                </Box>
              )}
            </Typography>
          ))}
      </Box>
    </Box>
  );
}
