import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import {
  chartTexts,
  fhirTexts,
  notices,
  patientTexts,
  timesheetTexts,
} from '../../../shared/messages.ts';
import { seesOwnRecordOnly, type Permission } from '../../../shared/permissions.ts';
import type { Chart, TimelineEntry } from '../../../shared/schemas/chart.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.tsx';
import { lazyDialog, lazyPanel } from '../../lib/lazy-dialog.tsx';
import { useChart } from './api/get-chart.ts';
import { patientFhirUrl } from './api/patient-fhir-export.ts';
import { useChartRefresh } from './api/use-chart-refresh.ts';
import { ChartHeader } from './components/chart-header.tsx';
import { ChartTimeline } from './components/chart-timeline.tsx';
import { useDeferredData } from '../../lib/deferred-data.ts';

// The record's view (and the type's form it opens) loads when a record is first opened.
const RecordViewDialog = lazyDialog(
  () => import('./components/record-view-dialog.tsx').then((m) => m.RecordViewDialog),
  (props) => props.entry !== null,
);

const tabs = [
  { key: 'timeline', label: chartTexts.tabs.timeline, needs: 'patients:read' },
  { key: 'vital-signs', label: chartTexts.tabs.vitals, needs: 'vital-signs:read' },
  { key: 'appointments', label: chartTexts.tabs.appointments, needs: 'appointments:read' },
  {
    key: 'medical-records',
    label: chartTexts.tabs.medicalRecords,
    needs: 'medical-records:read',
  },
  {
    key: 'progress-reports',
    label: chartTexts.tabs.progressReports,
    needs: 'progress-reports:read',
  },
  { key: 'prescriptions', label: chartTexts.tabs.prescriptions, needs: 'prescriptions:read' },
  { key: 'medication', label: chartTexts.tabs.medication, needs: 'medications:read' },
  { key: 'visits', label: timesheetTexts.visitsTab, needs: 'visits:read' },
  { key: 'allergies', label: chartTexts.tabs.problems, needs: 'allergies:read' },
  { key: 'details', label: chartTexts.tabs.details, needs: 'patients:read' },
] as const satisfies readonly { key: string; label: string; needs: Permission }[];
type TabKey = (typeof tabs)[number]['key'];

// The timeline is the chart's first tab; the others (their tables, charts, pickers and menus) are
// one chunk of their own, fetched once the browser is idle after the chart has shown, or at once
// when the address opens another tab.
const OtherTab = lazyPanel(
  () => import('./components/chart-tab-panels.tsx').then((m) => m.ChartTabPanel),
  <LoadingState />,
);

function TabContent({
  tab,
  chart,
  onOpen,
}: {
  tab: TabKey;
  chart: Chart;
  onOpen(entry: TimelineEntry): void;
}) {
  if (tab === 'timeline') return <ChartTimeline patientId={chart.patient.id} onOpen={onOpen} />;
  return <OtherTab tab={tab} chart={chart} />;
}

/**
 * The patient's chart: the header (who, allergies, conditions, care team, whom to call), then
 * one tab per kind of record, each the type's table of this patient with its own Add. The tab
 * is kept in the address (?tab=), so a link or the back button returns to it.
 */
export default function PatientDetailPage() {
  const { id } = useParams();
  const patientId = Number(id);
  const { user, can } = useSession();
  const chart = useChart(patientId);
  const [params, setParams] = useSearchParams();
  const [opened, setOpened] = useState<TimelineEntry | null>(null);
  useChartRefresh(patientId);
  // The chart is drawn a moment after it arrives, in slices (useDeferredData).
  const { data, drawing } = useDeferredData(chart.data);

  const shown = tabs.filter((t) => can(t.needs));
  const asked = params.get('tab');
  const tab: TabKey = shown.find((t) => t.key === asked)?.key ?? 'timeline';

  const back = seesOwnRecordOnly(user) ? undefined : (
    <Button component={RouterLink} to="/patients" variant="outlined">
      {chartTexts.backToPatients}
    </Button>
  );

  if (chart.isLoading || drawing) return <LoadingState />;
  if (!data) {
    const missing =
      !Number.isInteger(patientId) ||
      (chart.error instanceof ApiError && chart.error.status === 404);
    return (
      <>
        <PageHeader title="Patient" actions={back} />
        {missing ? (
          <EmptyState text={patientTexts.patientNotFound} />
        ) : (
          <ErrorState
            text={chart.error ? chartTexts.errorFetching : notices.failedToFetchPatients}
            onRetry={() => void chart.refetch()}
          />
        )}
      </>
    );
  }

  return (
    <>
      <ChartHeader
        chart={data}
        actions={
          <>
            {can('medical-records:read') && (
              <Button
                component={RouterLink}
                to={`/patients/${patientId}/summary`}
                variant="contained"
                startIcon={<PrintIcon />}
              >
                {chartTexts.printSummary}
              </Button>
            )}
            <Button
              component="a"
              href={patientFhirUrl(patientId)}
              download
              variant="outlined"
              startIcon={<DownloadIcon />}
            >
              {fhirTexts.downloadRecord}
            </Button>
            {back}
          </>
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, key: TabKey) =>
            setParams(key === 'timeline' ? {} : { tab: key }, { replace: true })
          }
          aria-label={chartTexts.sectionsLabel}
          // The tabs wrap onto more rows rather than scroll: every section stays in sight, at
          // any width and font size. The selected one is underlined itself (the sliding
          // indicator follows one row only).
          sx={{
            '& .MuiTabs-list': { flexWrap: 'wrap' },
            '& .MuiTabs-indicator': { display: 'none' },
            '& .MuiTab-root.Mui-selected': { boxShadow: 'inset 0 -3px 0 currentColor' },
          }}
        >
          {shown.map((t) => (
            <Tab
              key={t.key}
              value={t.key}
              label={t.label}
              id={`chart-tab-${t.key}`}
              aria-controls={`chart-panel-${t.key}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`chart-panel-${tab}`} aria-labelledby={`chart-tab-${tab}`}>
        {/* A tab of its own each: one type's rows never show in another's columns. */}
        <TabContent key={tab} tab={tab} chart={data} onOpen={setOpened} />
      </Box>
      <RecordViewDialog entry={opened} patientId={patientId} onClose={() => setOpened(null)} />
    </>
  );
}
