import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  Link,
  Skeleton,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { clinicalTexts, notices } from '../../../shared/messages.ts';
import { formatDate, formatDateTime } from '../../../shared/format.ts';
import type { MedicalRecord } from '../../../shared/schemas/medical-records.ts';
import type { Prescription } from '../../../shared/schemas/prescriptions.ts';
import type { ProgressReport } from '../../../shared/schemas/progress-reports.ts';
import { LoadingState } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PatientVisitsCard } from '../../components/visits/patient-visits-card.tsx';
import { ownPatientIdOf } from '../../../shared/permissions.ts';
import { apiPathOf, type RecordType } from '../../../shared/record-types.ts';
import { useSession } from '../../lib/auth.tsx';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { usePatientList } from './api/get-patient-list.ts';
import { useDeferredQuery } from '../../lib/deferred-data.ts';

// The cancelling form (react-hook-form, zod) loads when an appointment is first cancelled.
const CancelAppointmentDialog = lazyDialog(
  () =>
    import('../../components/cancel-appointment-dialog.tsx').then((m) => m.CancelAppointmentDialog),
  (props) => props.appointment !== null,
);

/**
 * What this screen reads of an appointment (GET /api/appointments/patient/{id}). The doctor is
 * shown by name only: a patient never sees staff usernames.
 */
interface UpcomingAppointment {
  id: number;
  appointmentDate: string;
  doctorName?: string;
  location: string;
  /** A cancelled appointment is not upcoming. */
  status?: string;
}

/** How many upcoming appointments the card shows. */
const UPCOMING_SHOWN = 3;
/**
 * How many it asks for: cancelled ones are left out here (the list call has no status filter
 * yet), so a few more are fetched to still fill the card.
 */
const UPCOMING_FETCHED = 10;

interface CardProps<T> {
  title: string;
  emptyText: string;
  errorText: string;
  /** Null when there is nothing to load (no linked patient record): the empty text shows. */
  query: { data?: T[]; isLoading: boolean; isError: boolean } | null;
  renderItem(item: T): ReactNode;
  itemKey(item: T): number;
}

/** A dashboard card: its heading, then loading, error, empty text or the items. */
function DashboardCard<T>({
  title,
  emptyText,
  errorText,
  query,
  renderItem,
  itemKey,
}: CardProps<T>) {
  const id = `card-${title.toLowerCase().replaceAll(' ', '-')}`;
  const items = query?.data ?? [];
  let body: ReactNode;
  if (query?.isLoading) body = <Skeleton variant="rounded" height={72} />;
  else if (query?.isError) body = <Alert severity="error">{errorText}</Alert>;
  else if (items.length === 0) body = <Typography color="text.secondary">{emptyText}</Typography>;
  else {
    // Long names and medicines wrap inside the card at large font sizes.
    body = (
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, overflowWrap: 'anywhere' }}>
        {items.map((item, index) => (
          <Box component="li" key={itemKey(item)}>
            {index > 0 && <Divider sx={{ my: 1.5 }} />}
            {renderItem(item)}
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}

/** A labelled line inside a card item: "Diagnosis: Hypertension". */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {children}
    </Typography>
  );
}

/**
 * An upcoming appointment as one link to the patient's Appointments screen, that appointment
 * opened there: the whole entry is the target, told apart by its arrow, hover and focus ring.
 */
function AppointmentEntry({ appointment: a }: { appointment: UpcomingAppointment }) {
  return (
    <Link
      component={RouterLink}
      to={`/patient-appointments?appointment=${a.id}`}
      underline="none"
      color="inherit"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        mx: -1,
        px: 1,
        py: 0.5,
        borderRadius: 1,
        '&:hover': { backgroundColor: 'action.hover' },
        '&:hover .entry-date, &:focus-visible .entry-date': { textDecorationThickness: '2px' },
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 0 },
      }}
    >
      {/* A long name wraps inside the entry at large font sizes. */}
      <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        <Line label="Date">
          <Box
            component="span"
            className="entry-date"
            sx={{ color: 'primary.main', textDecoration: 'underline', fontWeight: 500 }}
          >
            {formatDateTime(a.appointmentDate)}
          </Box>
        </Line>
        <Line label="Doctor">{a.doctorName ?? ''}</Line>
        <Line label="Location">{a.location}</Line>
      </Box>
      <ChevronRightIcon aria-hidden="true" sx={{ color: 'text.secondary', flexShrink: 0 }} />
    </Link>
  );
}

/**
 * /patient-dashboard: the seed's four cards on the signed-in patient's own data, and the
 * caregivers' visits coming up. An upcoming appointment can be cancelled from its card, with a
 * reason; it then leaves the card (it stays, cancelled, on the Appointments screen).
 */
export default function PatientDashboardPage() {
  const { user, can } = useSession();
  const patientId = ownPatientIdOf(user);
  const base = (type: RecordType) =>
    patientId === null ? null : `${apiPathOf(type)}/patient/${patientId}`;
  // "Upcoming" is measured from when the screen opened, so the query key stays stable.
  const [openedAt] = useState(() => new Date().toISOString());
  const [toCancel, setToCancel] = useState<UpcomingAppointment | null>(null);
  const canCancel = can('appointments:request');

  // Each answer is drawn a moment after it arrives, in slices (useDeferredQuery); the cards
  // wait for all four to be drawn.
  const records = useDeferredQuery(
    usePatientList<MedicalRecord>('medical-record', base('medical-record'), { limit: 3 }),
  );
  const appointments = useDeferredQuery(
    usePatientList<UpcomingAppointment>('appointment', base('appointment'), {
      from: openedAt,
      order: 'asc',
      limit: UPCOMING_FETCHED,
    }),
  );
  const progress = useDeferredQuery(
    usePatientList<ProgressReport>('progress-report', base('progress-report'), { limit: 1 }),
  );
  const prescriptions = useDeferredQuery(
    usePatientList<Prescription>('prescription', base('prescription'), { limit: 5 }),
  );
  const linked = patientId !== null;
  // The appointments call answers soonest first from `from`; anything already past is dropped
  // here too, in case a server ignores the filter. Cancelled ones are not upcoming.
  const upcoming = {
    ...appointments,
    data: appointments.data
      ?.filter((a) => a.appointmentDate >= openedAt && a.status !== 'cancelled')
      .slice(0, UPCOMING_SHOWN),
  };

  // The cards appear together once all four have answered, so none pushes the others down
  // as its items arrive (content that jumps is hard to follow, and to tap).
  const settling =
    linked && [records, appointments, progress, prescriptions].some((q) => q.isLoading);

  return (
    <>
      <PageHeader title="Patient Dashboard" />
      {!linked && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {clinicalTexts.notLinked}
        </Alert>
      )}
      {settling && <LoadingState />}
      <Box
        sx={{
          display: settling ? 'none' : 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
          alignItems: 'start',
        }}
      >
        <DashboardCard
          title="Recent Medical Records"
          emptyText={clinicalTexts.noMedicalRecords}
          errorText={notices.errorFetchingMedicalRecords}
          query={linked ? records : null}
          itemKey={(r) => r.id}
          renderItem={(r) => (
            <>
              <Line label="Date">{formatDateTime(r.dateOfVisit)}</Line>
              <Line label="Diagnosis">{r.diagnosis}</Line>
              <Line label="Treatment">{r.treatmentPlan}</Line>
            </>
          )}
        />
        <DashboardCard
          title="Upcoming Appointments"
          emptyText={clinicalTexts.noUpcomingAppointments}
          errorText={notices.errorFetchingAppointments}
          query={linked ? upcoming : null}
          itemKey={(a) => a.id}
          renderItem={(a) => (
            <>
              <AppointmentEntry appointment={a} />
              {canCancel && (a.status ?? 'scheduled') === 'scheduled' && (
                <Button
                  variant="outlined"
                  color="error"
                  size="small"
                  sx={{ mt: 1 }}
                  onClick={() => setToCancel(a)}
                  aria-label={`Cancel appointment ${a.id}`}
                >
                  Cancel
                </Button>
              )}
            </>
          )}
        />
        {can('visits:read') && <PatientVisitsCard patientId={patientId} />}
        <DashboardCard
          title="Progress Report"
          emptyText={clinicalTexts.noProgressReports}
          errorText={notices.errorFetchingProgressReports}
          query={linked ? progress : null}
          itemKey={(r) => r.id}
          renderItem={(r) => (
            <>
              <Line label="Overall health">{r.overallHealth || 'Not stated'}</Line>
              <Line label="Last updated">{formatDateTime(r.updatedAt)}</Line>
              <Line label="Notes">{r.summary}</Line>
              <Line label="Recommendations">{r.recommendations}</Line>
            </>
          )}
        />
        <DashboardCard
          title="Prescriptions"
          emptyText={clinicalTexts.noPrescriptions}
          errorText={clinicalTexts.errorFetchingPrescriptions}
          query={linked ? prescriptions : null}
          itemKey={(p) => p.id}
          renderItem={(p) => (
            <>
              <Line label="Medication">{p.medication || p.details}</Line>
              <Line label="Dosage">{p.dosage || '—'}</Line>
              <Line label="Duration">{p.duration || '—'}</Line>
              <Typography variant="body2" color="text.secondary">
                {formatDate(p.date)} · {p.doctorName}
              </Typography>
            </>
          )}
        />
      </Box>
      <CancelAppointmentDialog appointment={toCancel} onClose={() => setToCancel(null)} />
    </>
  );
}
