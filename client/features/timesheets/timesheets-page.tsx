import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { timesheetTexts } from '../../../shared/messages.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PersonPicker } from '../../components/person-picker.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.tsx';
import { useTimesheet } from './api/get-timesheet.ts';
import { useTimesheetSummary } from './api/get-timesheet-summary.ts';
import { timesheetExportUrl } from './api/timesheet-export.ts';
import { PeriodPicker } from './components/period-picker.tsx';
import { TimesheetSheet } from './components/timesheet-sheet.tsx';
import { TimesheetSummaryTable } from './components/timesheet-summary-table.tsx';
import { isValidPeriod, periodOf, todayHere, type Period } from './timesheet-period.ts';

/** The CSV of what is on the screen, downloaded by the browser under the server's file name. */
function DownloadButton({ href, label }: { href: string; label: string }) {
  return (
    <Button
      component="a"
      href={href}
      download
      variant="contained"
      startIcon={<DownloadIcon />}
      sx={{ minHeight: 48 }}
    >
      {label}
    </Button>
  );
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 400 ? error.message : fallback;
}

/** One caregiver's sheet: its heading, the CSV, the totals and the rows. */
function Sheet({
  caregiverId,
  period,
  mayCorrect,
}: {
  caregiverId: number | null;
  period: Period;
  mayCorrect: boolean;
}) {
  const sheet = useTimesheet(caregiverId, period.from, period.to);
  if (sheet.isPending) return <LoadingState label={timesheetTexts.loading} />;
  if (sheet.isError)
    return (
      <ErrorState
        text={errorText(sheet.error, timesheetTexts.errorFetchingSheet)}
        onRetry={() => void sheet.refetch()}
      />
    );
  const data = sheet.data;
  return (
    <Box component="section" aria-labelledby="timesheet-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Typography id="timesheet-heading" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {timesheetTexts.sheetTitle(data.caregiver.name)}
        </Typography>
        <DownloadButton
          href={timesheetExportUrl(caregiverId, period.from, period.to)}
          label={timesheetTexts.downloadCsv}
        />
      </Box>
      <TimesheetSheet sheet={data} mayCorrect={mayCorrect} />
    </Box>
  );
}

/** The supervisor's first view: every caregiver's totals, and the way to one's sheet. */
function Summary({ period, onOpen }: { period: Period; onOpen(id: number): void }) {
  const summary = useTimesheetSummary(period.from, period.to);
  return (
    <Box component="section" aria-labelledby="timesheet-summary-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Typography id="timesheet-summary-heading" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {timesheetTexts.summaryTitle}
        </Typography>
        <DownloadButton
          href={timesheetExportUrl(null, period.from, period.to)}
          label={timesheetTexts.downloadAllCsv}
        />
      </Box>
      <TimesheetSummaryTable
        summary={summary.data}
        isLoading={summary.isPending}
        error={
          summary.isError ? errorText(summary.error, timesheetTexts.errorFetchingSummary) : null
        }
        onRetry={() => void summary.refetch()}
        onOpen={onOpen}
      />
    </Box>
  );
}

/**
 * Timesheets (/timesheets): planned against actual minutes per visit over a period, with totals
 * and exceptions. A caregiver sees their own; a supervisor first sees every caregiver's totals,
 * opens one (or picks one by name) and corrects times. The period and the caregiver are kept in
 * the address (?from=&to=&caregiver=), so a link or the back button returns to the same sheet.
 */
export default function TimesheetsPage() {
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  // As the server decides: whoever sees the whole agency reads every caregiver's sheet.
  const seesEveryone = can('patients:read-all');
  const fallback = periodOf('this-month', todayHere());
  const period: Period = {
    from: params.get('from') ?? fallback.from,
    to: params.get('to') ?? fallback.to,
  };
  const asked = Number(params.get('caregiver'));
  const caregiverId = seesEveryone && Number.isInteger(asked) && asked > 0 ? asked : null;
  const valid = isValidPeriod(period);

  const update = (next: { period?: Period; caregiverId?: number | null }) => {
    const p = next.period ?? period;
    const c = next.caregiverId === undefined ? caregiverId : next.caregiverId;
    const query: Record<string, string> = { from: p.from, to: p.to };
    if (c !== null) query.caregiver = String(c);
    setParams(query, { replace: next.period !== undefined });
  };

  if (!can('timesheets:read')) {
    return (
      <>
        <PageHeader title={timesheetTexts.title} />
        <EmptyState text={timesheetTexts.notForYou} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={timesheetTexts.title}
        actions={
          seesEveryone && caregiverId !== null ? (
            <Button
              variant="outlined"
              startIcon={<ArrowBackIcon />}
              onClick={() => update({ caregiverId: null })}
              sx={{ minHeight: 48 }}
            >
              {timesheetTexts.back}
            </Button>
          ) : undefined
        }
      />
      <PeriodPicker
        period={period}
        onChange={(p) => update({ period: p })}
        error={valid ? undefined : timesheetTexts.periodInvalid}
      />
      {seesEveryone && (
        <Box sx={{ maxWidth: 420, mb: 3 }}>
          <PersonPicker
            role="caregiver"
            label={timesheetTexts.caregiverPicker}
            name="caregiver"
            value={caregiverId}
            onChange={(id) => update({ caregiverId: id })}
          />
        </Box>
      )}
      {!valid ? null : seesEveryone && caregiverId === null ? (
        <Summary period={period} onOpen={(id) => update({ caregiverId: id })} />
      ) : (
        <Sheet
          key={`${caregiverId}`}
          caregiverId={caregiverId}
          period={period}
          mayCorrect={can('visits:correct')}
        />
      )}
    </>
  );
}
