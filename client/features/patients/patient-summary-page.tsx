import PrintIcon from '@mui/icons-material/Print';
import {
  Box,
  Button,
  GlobalStyles,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  allergyTexts,
  chartTexts,
  clinicalTexts,
  conditionTexts,
  doseTexts,
  notices,
  patientTexts,
  thresholdTexts,
  vitalSignTexts,
} from '../../../shared/messages.ts';
import { formatDate, formatDateTime } from '../../../shared/format.ts';
import type { Chart } from '../../../shared/schemas/chart.ts';
import { localToday } from '../../../shared/schemas/patients.ts';
import type { Prescription } from '../../../shared/schemas/prescriptions.ts';
import type { ProgressReport } from '../../../shared/schemas/progress-reports.ts';
import { vitalMeasurements } from '../../../shared/constants.ts';
import { outOfRange } from '../../../shared/vital-thresholds.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { scrollRegionFocusSx, useScrollRegion } from '../../components/scroll-region.ts';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.tsx';
import { formatShown, labelWithUnit, useUnits } from '../../lib/units.ts';
import { useChart } from './api/get-chart.ts';
import { usePatientRecords } from './api/list-patient-records.ts';
import { FieldList } from './components/record-view-dialog.tsx';
import { currentPrescriptions } from './lib/current-prescriptions.ts';

/** How many of the newest prescriptions are looked through for those still running. */
const PRESCRIPTIONS_READ = 100;
const REPORTS_SHOWN = 5;

/**
 * What paper gets: only the summary, black on white, without the top bar, the sidebar, notices
 * or buttons; headings stay with what follows them and short blocks are not split.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { margin: '15mm' },
        'html, body, #root': { background: '#fff !important' },
        '.MuiAppBar-root, .MuiDrawer-root, nav, .Toastify, .no-print, a[href="#main-content"]': {
          display: 'none !important',
        },
        'main#main-content': { paddingTop: '0 !important', background: '#fff !important' },
        'main#main-content > div': { padding: '0 !important' },
        '.care-summary, .care-summary *': {
          color: '#000 !important',
          background: 'transparent !important',
          boxShadow: 'none !important',
        },
        '.care-summary': { fontSize: '11pt' },
        '.care-summary h1': { fontSize: '20pt' },
        '.care-summary h2': { fontSize: '14pt', breakAfter: 'avoid', pageBreakAfter: 'avoid' },
        '.care-summary .summary-block': { breakInside: 'avoid', pageBreakInside: 'avoid' },
        '.care-summary tr, .care-summary li': { breakInside: 'avoid', pageBreakInside: 'avoid' },
        '.care-summary th, .care-summary td': {
          border: '1px solid #000 !important',
          padding: '4px 6px !important',
        },
        '.care-summary a': { textDecoration: 'none' },
      },
    }}
  />
);

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} className="summary-block" sx={{ mb: 3 }}>
      <Typography
        variant="h6"
        component="h2"
        sx={{ mb: 1, pb: 0.5, borderBottom: 1, borderColor: 'divider' }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function SummaryTable({
  label,
  head,
  rows,
}: {
  label: string;
  head: string[];
  rows: { key: number; cells: ReactNode[] }[];
}) {
  const region = useScrollRegion(label);
  return (
    <TableContainer {...region} sx={scrollRegionFocusSx}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h} sx={{ fontWeight: 600 }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, index) => (
                <TableCell key={head[index]}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Allergies({ chart }: { chart: Chart }) {
  if (chart.allergies.length === 0) {
    return (
      <Typography sx={{ fontWeight: 600 }}>
        {chart.allergyStatus === 'none' ? allergyTexts.noKnownAllergies : allergyTexts.notRecorded}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ m: 0, pl: 3 }}>
      {chart.allergies.map((a) => (
        <li key={a.id}>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {a.substance}
          </Box>
          {a.reaction && `: ${a.reaction}`}
          {a.onset && ` (${allergyTexts.onset.toLowerCase()} ${formatDate(a.onset)})`}
        </li>
      ))}
    </Box>
  );
}

function Conditions({ chart }: { chart: Chart }) {
  if (chart.conditions.length === 0) return <Typography>{conditionTexts.noneActive}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 3 }}>
      {chart.conditions.map((c) => (
        <li key={c.id}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {c.name}
          </Box>
          {c.onset && ` (${conditionTexts.onset.toLowerCase()} ${formatDate(c.onset)})`}
          {c.note && ` — ${c.note}`}
        </li>
      ))}
    </Box>
  );
}

function Prescriptions({ patientId }: { patientId: number }) {
  const list = usePatientRecords<Prescription>('prescription', patientId, PRESCRIPTIONS_READ);
  if (list.isLoading) return <LoadingState />;
  if (list.isError)
    return (
      <ErrorState
        text={clinicalTexts.errorFetchingPrescriptions}
        onRetry={() => void list.refetch()}
      />
    );
  const current = currentPrescriptions(list.data?.items ?? [], localToday());
  if (current.length === 0) return <Typography>{chartTexts.noCurrentPrescriptions}</Typography>;
  const f = chartTexts.fields;
  return (
    <SummaryTable
      label={chartTexts.currentPrescriptions}
      head={[f.medication, f.dosage, f.duration, f.date, f.doctor, f.details]}
      rows={current.map((p) => ({
        key: p.id,
        cells: [p.medication, p.dosage, p.duration, formatDate(p.date), p.doctorName, p.details],
      }))}
    />
  );
}

function LastVitals({ chart }: { chart: Chart }) {
  const units = useUnits();
  const reading = chart.lastVitals;
  if (!reading) return <Typography>{vitalSignTexts.empty}</Typography>;
  // A reading comes only with its ranges: both need vital-signs:read.
  const out = chart.ranges ? outOfRange(reading, chart.ranges) : [];
  const flagged = new Set(out.map((o) => o.measurement));
  return (
    <>
      <Typography sx={{ mb: 1 }}>
        {formatDateTime(reading.takenAt)} · {chartTexts.takenBy(reading.recordedByName)}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
          gap: 1,
          m: 0,
          '& dt': { color: 'text.secondary', fontSize: '0.875em' },
          '& dd': { m: 0, fontWeight: 600 },
        }}
      >
        {vitalMeasurements.map((m) => {
          const value = reading[m];
          if (value === null) return null;
          return (
            <Box key={m}>
              <dt>{labelWithUnit(m, units)}</dt>
              <dd>
                {formatShown(m, value, units)}
                {flagged.has(m) && ` (${thresholdTexts.outOfRange})`}
              </dd>
            </Box>
          );
        })}
      </Box>
      {reading.note && <Typography sx={{ mt: 1 }}>{reading.note}</Typography>}
    </>
  );
}

function ProgressReports({ patientId }: { patientId: number }) {
  const list = usePatientRecords<ProgressReport>('progress-report', patientId, REPORTS_SHOWN);
  if (list.isLoading) return <LoadingState />;
  if (list.isError)
    return (
      <ErrorState text={notices.errorFetchingProgressReports} onRetry={() => void list.refetch()} />
    );
  const reports = list.data?.items ?? [];
  if (reports.length === 0) return <Typography>{clinicalTexts.noProgressReports}</Typography>;
  const f = chartTexts.fields;
  return (
    <Box>
      {reports.map((r) => (
        <Box
          key={r.id}
          component="article"
          aria-label={r.reportId}
          className="summary-block"
          sx={{ mb: 2 }}
        >
          <Typography sx={{ fontWeight: 600 }}>
            {formatDateTime(r.date)} · {r.caregiverName} · {r.reportId}
          </Typography>
          <FieldList
            lines={[
              { label: f.summary, value: r.summary },
              { label: f.recommendations, value: r.recommendations },
              { label: f.overallHealth, value: r.overallHealth },
            ]}
          />
        </Box>
      ))}
    </Box>
  );
}

/**
 * The care summary of one patient, made for paper: who they are, allergies, conditions,
 * current prescriptions, the last vital signs and the last progress reports. Print opens the
 * browser's print dialog; the print stylesheet leaves only the summary.
 */
export default function PatientSummaryPage() {
  const { id } = useParams();
  const patientId = Number(id);
  const chart = useChart(patientId);
  const { can } = useSession();
  const back = (
    <Button component={RouterLink} to={`/patients/${patientId}`} variant="outlined">
      {chartTexts.backToChart}
    </Button>
  );

  if (!can('medical-records:read')) {
    return (
      <>
        <PageHeader title={chartTexts.summaryTitle} actions={back} />
        <EmptyState text={chartTexts.summaryNotForYou} />
      </>
    );
  }
  if (chart.isLoading) return <LoadingState />;
  if (!chart.data) {
    const missing =
      !Number.isInteger(patientId) ||
      (chart.error instanceof ApiError && chart.error.status === 404);
    return (
      <>
        <PageHeader title={chartTexts.summaryTitle} actions={back} />
        {missing ? (
          <EmptyState text={patientTexts.patientNotFound} />
        ) : (
          <ErrorState text={chartTexts.errorFetching} onRetry={() => void chart.refetch()} />
        )}
      </>
    );
  }

  const data = chart.data;
  const p = data.patient;
  return (
    <>
      {printStyles}
      <Box
        className="no-print"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', mb: 2 }}
      >
        {back}
        {can('doses:read') && (
          <Button component={RouterLink} to={`/patients/${patientId}/mar`} variant="outlined">
            {doseTexts.openMar}
          </Button>
        )}
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {chartTexts.print}
        </Button>
      </Box>
      <Box
        component="article"
        className="care-summary"
        aria-labelledby="summary-title"
        sx={{
          maxWidth: 960,
          mx: 'auto',
          p: { xs: 2, sm: 4 },
          bgcolor: 'background.paper',
          borderRadius: 3,
        }}
      >
        <Typography id="summary-title" variant="h4" component="h1">
          {chartTexts.summaryTitle}: {p.firstName} {p.lastName}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {chartTexts.printedOn(formatDateTime(new Date()))}
        </Typography>

        <Block title={chartTexts.details}>
          <FieldList
            lines={[
              { label: chartTexts.dateOfBirth, value: formatDate(p.dob) },
              { label: chartTexts.fields.age, value: chartTexts.age(data.ageYears) },
              { label: chartTexts.fields.gender, value: p.gender },
              { label: chartTexts.fields.address, value: p.address },
              { label: chartTexts.fields.phoneNumber, value: p.phoneNumber },
              {
                label: chartTexts.emergencyContact,
                value: `${p.emergencyContact}, ${p.emergencyContactPhone}`,
              },
              {
                label: chartTexts.careTeam,
                value:
                  data.careTeam
                    .map((m) => `${m.name} (${m.role === 'doctor' ? 'Doctor' : 'Caregiver'})`)
                    .join(', ') || chartTexts.noCareTeam,
              },
            ]}
          />
        </Block>
        <Block title={chartTexts.allergies}>
          <Allergies chart={data} />
        </Block>
        <Block title={chartTexts.conditions}>
          <Conditions chart={data} />
        </Block>
        <Block title={chartTexts.currentPrescriptions}>
          <Prescriptions patientId={patientId} />
        </Block>
        <Block title={chartTexts.lastVitals}>
          <LastVitals chart={data} />
        </Block>
        <Box component="section" aria-label={chartTexts.lastReports} sx={{ mb: 1 }}>
          <Typography
            variant="h6"
            component="h2"
            sx={{ mb: 1, pb: 0.5, borderBottom: 1, borderColor: 'divider' }}
          >
            {chartTexts.lastReports}
          </Typography>
          <ProgressReports patientId={patientId} />
        </Box>
      </Box>
    </>
  );
}
