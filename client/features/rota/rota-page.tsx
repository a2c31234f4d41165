import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import TodayIcon from '@mui/icons-material/Today';
import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { addDays, localParts } from '../../../shared/dose-schedule.ts';
import { rotaTexts } from '../../../shared/messages.ts';
import { type RotaWeek, type VisitSummary } from '../../../shared/schemas/visits.ts';
import { ROTA_PAGE_SIZE } from '../../../shared/constants.ts';
import { weekOf } from '../../../shared/visit-rules.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/list-states.tsx';
import { CsvDownloadButton } from '../../components/csv-download-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useDeleteVisit } from '../../components/visit-planning/api/delete-visit.ts';
import {
  CancelVisitDialog,
  type CancelTarget,
} from '../../components/visit-planning/cancel-visit-dialog.tsx';
import { useSession } from '../../lib/auth.tsx';
import { EditVisitDialog } from '../../components/visit-planning/edit-visit-dialog.tsx';
import {
  PlanVisitDialog,
  type PlanVisitPrefill,
} from '../../components/visit-planning/plan-visit-dialog.tsx';
import { notify } from '../../lib/notify.ts';
import { useRotaDay } from '../../components/visits/api/get-rota-day.ts';
import { useRotaWeek } from './api/get-rota-week.ts';
import { DayCounts, DayList } from './components/day-view.tsx';
import { blockId } from './components/visit-block.tsx';
import { VisitDetailsDialog, describeVisit } from './components/visit-details-dialog.tsx';
import { WeekGrid } from './components/week-grid.tsx';
import { dayLong, dayShort, paramsOf, placeOf, shiftWeek } from './lib/rota-dates.ts';

const navButton = { minHeight: 44 } as const;

/** Takes the focus to a visit's block on the grid (from the list of conflicts). */
function focusBlock(visitId: number) {
  const block = document.getElementById(blockId(visitId));
  if (!block) return;
  block.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  block.focus();
}

/**
 * The pages of caregivers (50 each, by name) when the agency has more: where this page is, and
 * the way to the previous and next. Absent with one page.
 */
function CaregiverPager({
  answer,
  onPage,
}: {
  answer: { page: number; pageCount: number; caregiverTotal: number };
  onPage: (page: number) => void;
}) {
  if (answer.pageCount <= 1) return null;
  const first = (answer.page - 1) * ROTA_PAGE_SIZE + 1;
  const last = Math.min(answer.page * ROTA_PAGE_SIZE, answer.caregiverTotal);
  return (
    <Box
      component="nav"
      aria-label={rotaTexts.pagesLabel}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}
    >
      <Button
        variant="outlined"
        startIcon={<ChevronLeftIcon />}
        disabled={answer.page <= 1}
        onClick={() => onPage(answer.page - 1)}
        sx={navButton}
      >
        {rotaTexts.previousPage}
      </Button>
      <Typography aria-live="polite">
        {rotaTexts.pageOf(first, last, answer.caregiverTotal, answer.page, answer.pageCount)}
      </Typography>
      <Button
        variant="outlined"
        endIcon={<ChevronRightIcon />}
        disabled={answer.page >= answer.pageCount}
        onClick={() => onPage(answer.page + 1)}
        sx={navButton}
      >
        {rotaTexts.nextPage}
      </Button>
    </Box>
  );
}

/** The week's conflicts above the grid: how many, each message, each a way to its visit. */
function ConflictList({ week }: { week: RotaWeek }) {
  if (week.conflicts.length === 0) return null;
  return (
    <Alert
      severity="warning"
      icon={<ReportProblemIcon />}
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
      component="section"
      role="region"
      aria-labelledby="rota-conflicts-title"
    >
      <AlertTitle id="rota-conflicts-title" component="h2" sx={{ fontSize: '1.1rem' }}>
        {rotaTexts.conflictsTitle(week.conflicts.length)}
      </AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {week.conflicts.map((conflict, index) => (
          <Box
            component="li"
            key={`${conflict.visitId}-${conflict.kind}-${index}`}
            sx={{ mb: 0.5 }}
          >
            {conflict.message}{' '}
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              onClick={() => focusBlock(conflict.visitId)}
              sx={{ minHeight: 40, ml: 0.5, py: 0.25 }}
              aria-label={`${rotaTexts.showVisit}: ${conflict.message}`}
            >
              {rotaTexts.showVisit}
            </Button>
          </Box>
        ))}
      </Box>
    </Alert>
  );
}

/**
 * The rota (`/rota`): the week (caregivers by day, `?view=week&week=YYYY-MM-DD`) and the day
 * (every visit with its status live, `?view=day&date=YYYY-MM-DD`), both in the agency's zone and
 * kept in the address so a link shows the same. Every visit is a button that opens it (edit,
 * cancel, delete); every cell plans a visit for its caregiver and day.
 */
export default function RotaPage() {
  const [params, setParams] = useSearchParams();
  const place = placeOf(params);
  const week = useRotaWeek(place.date, place.page, place.view === 'week' && !place.invalid);
  const day = useRotaDay(place.date, place.page, place.view === 'day' && !place.invalid);

  const mayPlan = useSession().can('visits:plan');
  const [details, setDetails] = useState<VisitSummary | null>(null);
  const [planning, setPlanning] = useState<PlanVisitPrefill | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<CancelTarget | null>(null);
  const [deleting, setDeleting] = useState<VisitSummary | null>(null);
  const remove = useDeleteVisit();

  // A new week or day keeps the page of caregivers; the pager changes only the page.
  const go = (view: 'week' | 'day', date: string | null) =>
    setParams(paramsOf(view, date, place.page));
  const toPage = (page: number) =>
    setParams(paramsOf(place.view, place.view === 'week' ? shownWeekOf() : shownDayOf(), page));

  const timeZone = (place.view === 'week' ? week.data?.timeZone : day.data?.timeZone) ?? 'UTC';
  const nowData = place.view === 'week' ? week.data?.now : day.data?.now;
  const today = nowData ? localParts(new Date(nowData), timeZone).date : null;

  const header = (
    <PageHeader
      title={rotaTexts.title}
      actions={
        <>
          {/* The week shown (or the shown day's week), every caregiver's page. */}
          <CsvDownloadButton
            path="/api/rota"
            query={{ week: place.date ?? week.data?.weekStart ?? day.data?.date ?? undefined }}
            listName={rotaTexts.title}
          />
          {mayPlan && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setPlanning({})}
              sx={navButton}
            >
              {rotaTexts.planVisit}
            </Button>
          )}
        </>
      }
    />
  );

  const shownWeek = week.data?.weekStart ?? null;
  const shownDay = day.data?.date ?? null;
  function shownWeekOf() {
    return place.date ?? shownWeek;
  }
  function shownDayOf() {
    return place.date ?? shownDay;
  }
  const viewSwitch = (
    <Box role="group" aria-label={rotaTexts.viewLabel} sx={{ display: 'flex', gap: 1 }}>
      <Button
        variant={place.view === 'week' ? 'contained' : 'outlined'}
        aria-pressed={place.view === 'week'}
        onClick={() => go('week', shownDay ? weekOf(shownDay).weekStart : null)}
        sx={navButton}
      >
        {rotaTexts.weekView}
      </Button>
      <Button
        variant={place.view === 'day' ? 'contained' : 'outlined'}
        aria-pressed={place.view === 'day'}
        onClick={() => {
          // The day of this week that is today, or the week's Monday.
          const weekDays = week.data?.days ?? [];
          go('day', today && weekDays.includes(today) ? null : (shownWeek ?? null));
        }}
        sx={navButton}
      >
        {rotaTexts.dayView}
      </Button>
    </Box>
  );

  const navigation =
    place.view === 'week' ? (
      <Box
        role="group"
        aria-label={rotaTexts.weekNavigation}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        <Button
          variant="outlined"
          startIcon={<ChevronLeftIcon />}
          disabled={!shownWeek}
          onClick={() => shownWeek && go('week', shiftWeek(shownWeek, -1))}
          sx={navButton}
        >
          {rotaTexts.previousWeek}
        </Button>
        <Button
          variant="outlined"
          startIcon={<TodayIcon />}
          onClick={() => go('week', null)}
          sx={navButton}
        >
          {rotaTexts.thisWeek}
        </Button>
        <Button
          variant="outlined"
          endIcon={<ChevronRightIcon />}
          disabled={!shownWeek}
          onClick={() => shownWeek && go('week', shiftWeek(shownWeek, 1))}
          sx={navButton}
        >
          {rotaTexts.nextWeek}
        </Button>
      </Box>
    ) : (
      <Box
        role="group"
        aria-label={rotaTexts.dayNavigation}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        <Button
          variant="outlined"
          startIcon={<ChevronLeftIcon />}
          disabled={!shownDay}
          onClick={() => shownDay && go('day', addDays(shownDay, -1))}
          sx={navButton}
        >
          {rotaTexts.previousDay}
        </Button>
        <Button
          variant="outlined"
          startIcon={<TodayIcon />}
          onClick={() => go('day', null)}
          sx={navButton}
        >
          {rotaTexts.today}
        </Button>
        <Button
          variant="outlined"
          endIcon={<ChevronRightIcon />}
          disabled={!shownDay}
          onClick={() => shownDay && go('day', addDays(shownDay, 1))}
          sx={navButton}
        >
          {rotaTexts.nextDay}
        </Button>
      </Box>
    );

  const toolbar = (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'space-between',
        mb: 2,
      }}
    >
      {viewSwitch}
      {navigation}
    </Box>
  );

  let body;
  if (place.invalid) {
    body = (
      <ErrorState text={place.view === 'week' ? rotaTexts.weekInvalid : rotaTexts.dateInvalid} />
    );
  } else if (place.view === 'week') {
    if (week.isLoading) body = <LoadingState label={rotaTexts.loading} />;
    else if (!week.data) {
      body = <ErrorState text={rotaTexts.errorWeek} onRetry={() => void week.refetch()} />;
    } else {
      const data = week.data;
      const conflictIds = new Set(data.conflicts.map((c) => c.visitId));
      body = (
        <Box aria-busy={week.isPlaceholderData} sx={{ opacity: week.isPlaceholderData ? 0.6 : 1 }}>
          <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
            {rotaTexts.weekOf(`${dayShort(data.days[0]!)} – ${dayShort(data.days[6]!)}`)}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {rotaTexts.zoneNote(data.timeZone)}
          </Typography>
          {week.isError && (
            <Box sx={{ mb: 2 }}>
              <ErrorState text={rotaTexts.errorWeek} onRetry={() => void week.refetch()} />
            </Box>
          )}
          <CaregiverPager answer={data} onPage={toPage} />
          <ConflictList week={data} />
          {data.caregivers.length === 0 && data.visits.length === 0 ? (
            <EmptyState text={rotaTexts.noCaregivers} />
          ) : (
            <>
              {data.visits.length === 0 && <EmptyState text={rotaTexts.noVisitsWeek} />}
              <WeekGrid
                week={data}
                today={today ?? ''}
                conflictIds={conflictIds}
                onOpen={setDetails}
                onAdd={
                  mayPlan
                    ? (cell) =>
                        setPlanning({
                          caregiverId: cell.caregiverId,
                          caregiverName: cell.caregiverName,
                          date: cell.date,
                        })
                    : undefined
                }
              />
            </>
          )}
        </Box>
      );
    }
  } else if (day.isLoading) {
    body = <LoadingState label={rotaTexts.loadingDay} />;
  } else if (!day.data) {
    body = <ErrorState text={rotaTexts.errorDay} onRetry={() => void day.refetch()} />;
  } else {
    const data = day.data;
    body = (
      <Box aria-busy={day.isPlaceholderData} sx={{ opacity: day.isPlaceholderData ? 0.6 : 1 }}>
        <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
          {dayLong(data.date)}
          {today === data.date ? ` (${rotaTexts.todayMark})` : ''}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {rotaTexts.refreshedAt(localParts(new Date(data.now), data.timeZone).time)}{' '}
          {rotaTexts.zoneNote(data.timeZone)}
        </Typography>
        {day.isError && (
          <Box sx={{ mb: 2 }}>
            <ErrorState text={rotaTexts.errorDay} onRetry={() => void day.refetch()} />
          </Box>
        )}
        <CaregiverPager answer={data} onPage={toPage} />
        <DayCounts counts={data.counts} />
        <DayList day={data} onOpen={setDetails} />
      </Box>
    );
  }

  return (
    <>
      {header}
      {toolbar}
      {body}
      <VisitDetailsDialog
        visit={details}
        conflicts={
          details && place.view === 'week'
            ? (week.data?.conflicts ?? [])
                .filter((c) => c.visitId === details.id)
                .map((c) => c.message)
            : []
        }
        timeZone={timeZone}
        mayPlan={mayPlan}
        onClose={() => setDetails(null)}
        onEdit={(visit) => {
          setDetails(null);
          setEditing(visit.id);
        }}
        onCancel={(visit) => {
          setDetails(null);
          setCancelling({
            id: visit.id,
            description: describeVisit(visit),
            seriesId: visit.seriesId,
          });
        }}
        onDelete={(visit) => {
          setDetails(null);
          setDeleting(visit);
        }}
      />
      <PlanVisitDialog
        open={planning !== null}
        prefill={planning}
        onClose={() => setPlanning(null)}
      />
      <EditVisitDialog visitId={editing} onClose={() => setEditing(null)} />
      <CancelVisitDialog target={cancelling} onClose={() => setCancelling(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={rotaTexts.deleteTitle}
        message={deleting ? rotaTexts.deleteMessage(describeVisit(deleting)) : ''}
        confirmLabel={rotaTexts.deleteVisit}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify('success', rotaTexts.deleted);
              setDeleting(null);
            },
            onError: (error) =>
              notify('error', error instanceof Error ? error.message : rotaTexts.errorDeleting),
          });
        }}
      />
    </>
  );
}
