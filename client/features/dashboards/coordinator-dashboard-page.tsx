import PersonOffIcon from '@mui/icons-material/PersonOff';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { coordinatorTexts, rotaTexts, visitTexts } from '../../../shared/messages.ts';
import type { RotaDay, VisitSummary } from '../../../shared/schemas/visits.ts';
import { ROTA_PAGE_SIZE } from '../../../shared/constants.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PatientLink } from '../../components/patient-link.tsx';
import { useRotaDay } from '../../components/visits/api/get-rota-day.ts';
import {
  StatusChip,
  StatusIcon,
  toneLabel,
  toneOf,
  useToneColours,
  type RotaTone,
} from '../../components/visits/visit-status.tsx';
import { useSession } from '../../lib/auth.tsx';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { useDeferredData } from '../../lib/deferred-data.ts';

// The visit's form (react-hook-form, zod, pickers) loads when a visit is first assigned.
const EditVisitDialog = lazyDialog(
  () =>
    import('../../components/visit-planning/edit-visit-dialog.tsx').then((m) => m.EditVisitDialog),
  (props) => props.visitId !== null,
);

const byStart = (a: VisitSummary, b: VisitSummary) =>
  a.plannedStart.localeCompare(b.plannedStart) || a.id - b.id;

const isUnassigned = (visit: VisitSummary) =>
  visit.caregiverId === null && visit.status !== 'cancelled';

const caregiverOf = (visit: VisitSummary) =>
  visit.caregiverId === null ? visitTexts.unassigned : visit.caregiverName;

const timeOf = (visit: VisitSummary) => visitTexts.timeRange(visit.startTime, visit.endTime);

/** Whole minutes from the visit's planned start to the server's `now` (at least one). */
const minutesLate = (visit: VisitSummary, now: string) =>
  Math.max(1, Math.floor((Date.parse(now) - Date.parse(visit.plannedStart)) / 60_000));

/** Buttons and links a finger can hit: 44 px high at least. */
const target = { minHeight: 44 };

const countTones: { key: keyof RotaDay['counts']; tone: RotaTone }[] = [
  { key: 'planned', tone: 'planned' },
  { key: 'late', tone: 'late' },
  { key: 'inProgress', tone: 'in-progress' },
  { key: 'completed', tone: 'completed' },
  { key: 'missed', tone: 'missed' },
];

/**
 * One figure of the counts row: the icon beside the number, the state in words on a line of its
 * own below (so a long word keeps its line at large text sizes, two figures a row on a phone).
 */
function Count({
  value,
  label,
  icon,
  colours,
  testId,
}: {
  value: number;
  label: string;
  icon: ReactNode;
  colours: { bg: string; fg: string } | null;
  testId: string;
}) {
  return (
    <Box
      component="li"
      data-count={testId}
      sx={{
        px: 1.5,
        py: 1,
        borderRadius: 2,
        minWidth: 0,
        overflowWrap: 'break-word',
        ...(colours
          ? { bgcolor: colours.bg, color: colours.fg }
          : { border: 1, borderColor: 'divider', bgcolor: 'background.paper' }),
      }}
    >
      <Box
        component="span"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: '1.75rem' }}
      >
        {icon}
        <Box component="span" sx={{ fontWeight: 700 }}>
          {value}
        </Box>
      </Box>
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {label}
      </Box>
    </Box>
  );
}

/**
 * Today's figures: the server's counts by state (Planned leaves out the late ones, which have
 * their own figure), and the visits nobody is assigned to. Two a row on a phone; from 600 px as
 * many as fit at the reader's text size.
 */
function DayCounts({ day, unassigned }: { day: RotaDay; unassigned: number }) {
  const colours = useToneColours();
  return (
    <Box
      component="ul"
      aria-label={coordinatorTexts.countsLabel}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mb: 3,
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(auto-fill, minmax(10rem, 1fr))',
        },
        gap: 1,
      }}
    >
      {countTones.map(({ key, tone }) => (
        <Count
          key={key}
          testId={key}
          value={day.counts[key]}
          // A state with nothing in it stays quiet: no red tile for no missed visit.
          colours={day.counts[key] > 0 ? colours(tone) : null}
          icon={<StatusIcon tone={tone} />}
          label={toneLabel(tone)}
        />
      ))}
      <Count
        testId="unassigned"
        value={unassigned}
        colours={null}
        icon={
          <Box
            component="span"
            aria-hidden="true"
            sx={{ display: 'inline-flex', fontSize: '1.1em' }}
          >
            <PersonOffIcon fontSize="inherit" />
          </Box>
        }
        label={coordinatorTexts.unassignedCount}
      />
    </Box>
  );
}

/** A dashboard section: a card named by its h2. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A long list shows this many visits at first, and as many more at each press. */
export const SHOWN_AT_FIRST = 50;

/**
 * The first SHOWN_AT_FIRST of `items`, and a button under them that shows more: a day of an
 * agency's visits is thousands of rows, which a phone would take seconds to draw.
 */
function FirstOf<T>({ items, children }: { items: T[]; children(shown: T[]): ReactNode }) {
  const [limit, setLimit] = useState(SHOWN_AT_FIRST);
  const hidden = items.length - limit;
  return (
    <>
      {children(hidden > 0 ? items.slice(0, limit) : items)}
      {hidden > 0 && (
        <Button
          variant="outlined"
          sx={{ ...target, mt: 2 }}
          onClick={() => setLimit((shown) => shown + SHOWN_AT_FIRST)}
        >
          {coordinatorTexts.showMore(Math.min(hidden, SHOWN_AT_FIRST), hidden)}
        </Button>
      )}
    </>
  );
}

interface VisitListProps {
  label: string;
  visits: VisitSummary[];
  render(visit: VisitSummary): ReactNode;
}

/**
 * A list of visits as cards with a rule between them, long names wrapping inside: the first
 * SHOWN_AT_FIRST, with the button for more.
 */
function VisitList({ label, visits, render }: VisitListProps) {
  return (
    <FirstOf items={visits}>
      {(shown) => <VisitCards label={label} visits={shown} render={render} />}
    </FirstOf>
  );
}

function VisitCards({ label, visits, render }: VisitListProps) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        overflowWrap: 'anywhere',
      }}
    >
      {visits.map((visit) => (
        <Box
          component="li"
          key={visit.id}
          data-visit={visit.id}
          sx={{ p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider', minWidth: 0 }}
        >
          {render(visit)}
        </Box>
      ))}
    </Box>
  );
}

/** A card's row that puts its parts at both ends, wrapping when narrow. */
const spreadRow = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 1,
} as const;

/** A labelled line inside a card: "Caregiver: Grace Kelford". */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography component="div">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {children}
    </Typography>
  );
}

/** A card's first lines: the visit's time in bold, then its patient as a link to the chart. */
function TimeAndPatient({ visit }: { visit: VisitSummary }) {
  return (
    <>
      <Typography component="div" sx={{ fontWeight: 700 }}>
        {timeOf(visit)}
      </Typography>
      <Line label={visitTexts.patient}>
        <PatientLink patientId={visit.patientId}>{visit.patientName}</PatientLink>
      </Line>
    </>
  );
}

function LateVisits({ day }: { day: RotaDay }) {
  const late = day.visits.filter((visit) => toneOf(visit) === 'late').sort(byStart);
  return (
    <Section id="coordinator-late" title={coordinatorTexts.lateTitle}>
      {late.length === 0 ? (
        <EmptyState text={coordinatorTexts.noLate} />
      ) : (
        <VisitList
          label={coordinatorTexts.lateListLabel}
          visits={late}
          render={(visit) => (
            <>
              <TimeAndPatient visit={visit} />
              <Line label={visitTexts.caregiver}>{caregiverOf(visit)}</Line>
              <Box sx={{ mt: 0.5 }}>
                <StatusChip tone="late" />{' '}
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {coordinatorTexts.lateBy(rotaTexts.duration(minutesLate(visit, day.now)))}
                </Typography>
              </Box>
            </>
          )}
        />
      )}
    </Section>
  );
}

function UnassignedVisits({
  visits,
  canPlan,
  onAssign,
}: {
  visits: VisitSummary[];
  canPlan: boolean;
  onAssign(visit: VisitSummary): void;
}) {
  return (
    <Section id="coordinator-unassigned" title={coordinatorTexts.unassignedTitle}>
      {visits.length === 0 ? (
        <EmptyState text={coordinatorTexts.noUnassigned} />
      ) : (
        <VisitList
          label={coordinatorTexts.unassignedListLabel}
          visits={visits}
          render={(visit) => (
            <Box sx={spreadRow}>
              <Box sx={{ minWidth: 0 }}>
                <TimeAndPatient visit={visit} />
                <Line label={visitTexts.serviceType}>
                  {visitTexts.serviceTypeLabels[visit.serviceType]}
                </Line>
              </Box>
              {/* Only a planned visit can still be given a caregiver (the server refuses others). */}
              {visit.status === 'planned' ? (
                canPlan && (
                  <Button
                    variant="contained"
                    sx={target}
                    onClick={() => onAssign(visit)}
                    aria-label={coordinatorTexts.assignAction(visit.patientName, visit.startTime)}
                  >
                    {coordinatorTexts.assign}
                  </Button>
                )
              ) : (
                <StatusChip tone={toneOf(visit)} />
              )}
            </Box>
          )}
        />
      )}
    </Section>
  );
}

/** Every visit of the day: a table from 600 px, cards below (nothing scrolls sideways). */
function AllVisits({ day, visits }: { day: RotaDay; visits: VisitSummary[] }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  let body: ReactNode;
  if (visits.length === 0) body = <EmptyState text={coordinatorTexts.noVisits} />;
  else if (phone) {
    body = (
      <VisitList
        label={coordinatorTexts.allListLabel}
        visits={visits}
        render={(visit) => (
          <>
            <Box sx={spreadRow}>
              <Typography component="span" sx={{ fontWeight: 700 }}>
                {timeOf(visit)}
              </Typography>
              <StatusChip tone={toneOf(visit)} />
            </Box>
            <Line label={visitTexts.patient}>
              <PatientLink patientId={visit.patientId}>{visit.patientName}</PatientLink>
            </Line>
            <Line label={visitTexts.caregiver}>{caregiverOf(visit)}</Line>
            <Line label={visitTexts.serviceType}>
              {visitTexts.serviceTypeLabels[visit.serviceType]}
            </Line>
          </>
        )}
      />
    );
  } else {
    body = (
      <FirstOf items={visits}>
        {(shown) => (
          <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
            <Table aria-label={coordinatorTexts.allListLabel}>
              <TableHead>
                <TableRow>
                  {[
                    coordinatorTexts.time,
                    visitTexts.patient,
                    visitTexts.caregiver,
                    visitTexts.serviceType,
                    visitTexts.status,
                  ].map((header) => (
                    <TableCell key={header} sx={{ fontWeight: 600 }}>
                      {header}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((visit) => (
                  <TableRow key={visit.id} data-visit={visit.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{timeOf(visit)}</TableCell>
                    <TableCell>
                      <PatientLink patientId={visit.patientId}>{visit.patientName}</PatientLink>
                    </TableCell>
                    <TableCell>{caregiverOf(visit)}</TableCell>
                    <TableCell>{visitTexts.serviceTypeLabels[visit.serviceType]}</TableCell>
                    <TableCell>
                      <StatusChip tone={toneOf(visit)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </FirstOf>
    );
  }
  return (
    <Section id="coordinator-all" title={coordinatorTexts.allTitle}>
      {day.pageCount > 1 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {coordinatorTexts.firstPageOnly(ROTA_PAGE_SIZE)}{' '}
          {/* The alert's own text colour: the link blue on its pale blue is under 4.5:1. */}
          <Link
            component={RouterLink}
            to="/rota"
            color="inherit"
            sx={{ display: 'inline-flex', fontWeight: 600, ...target }}
          >
            {coordinatorTexts.seeAllOnRota}
          </Link>
        </Alert>
      )}
      {body}
    </Section>
  );
}

/**
 * /coordinator-dashboard: today's visits for the office that plans them. The figures by state,
 * the late visits, those nobody is assigned to (assigned from here by those who plan), and the
 * whole day. The rota's first page holds every unassigned visit, so one call is enough; it is
 * read again every minute.
 */
export default function CoordinatorDashboardPage() {
  const { can } = useSession();
  const day = useRotaDay(null, 1);
  const [assigning, setAssigning] = useState<number | null>(null);
  const canPlan = can('visits:plan');

  const openRota = can('rota:read') ? (
    <Button component={RouterLink} to="/rota" variant="outlined" sx={target}>
      {coordinatorTexts.openRota}
    </Button>
  ) : undefined;

  // A failed refresh keeps the last answer on screen under the error.
  const error = day.isError && (
    <Box sx={{ mb: 3 }}>
      <ErrorState text={coordinatorTexts.errorLoading} onRetry={() => void day.refetch()} />
    </Box>
  );
  // The day (hundreds of visits in a large agency) is drawn in slices (useDeferredData).
  const { data: shown, drawing } = useDeferredData(day.data);
  let body: ReactNode = null;
  if (day.isLoading || drawing) body = <LoadingState label={coordinatorTexts.loading} />;
  else if (shown) {
    const data = shown;
    const visits = [...data.visits].sort(byStart);
    const unassigned = visits.filter(isUnassigned);
    body = (
      <>
        <DayCounts day={data} unassigned={unassigned.length} />
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
            mb: 3,
          }}
        >
          <LateVisits day={data} />
          <UnassignedVisits
            visits={unassigned}
            canPlan={canPlan}
            onAssign={(visit) => setAssigning(visit.id)}
          />
        </Box>
        <AllVisits day={data} visits={visits} />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Coordinator Dashboard" actions={openRota} />
      {error}
      {body}
      {canPlan && <EditVisitDialog visitId={assigning} onClose={() => setAssigning(null)} />}
    </>
  );
}
