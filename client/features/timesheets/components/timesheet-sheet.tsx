import { Box, Button, Chip, Paper, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useId, useState } from 'react';
import { timesheetTexts, visitTexts } from '../../../../shared/messages.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import type {
  Timesheet,
  TimesheetException,
  TimesheetRow,
  VisitCorrection,
  VisitStatus,
} from '../../../../shared/schemas/visits.ts';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { shortDate } from '../../../components/doses/dose-format.ts';
import { EmptyState } from '../../../components/list-states.tsx';
import { clockText, hoursText } from '../timesheet-period.ts';
import { CorrectionDialog } from './correction-dialog.tsx';

const exceptionColor: Record<TimesheetException, 'warning' | 'error' | 'info'> = {
  late: 'warning',
  'early-leave': 'warning',
  'missing-check-out': 'error',
  missed: 'error',
  corrected: 'info',
};

const statusColor: Record<VisitStatus, 'default' | 'primary' | 'success' | 'error'> = {
  planned: 'default',
  'in-progress': 'primary',
  completed: 'success',
  missed: 'error',
  cancelled: 'default',
};

export function VisitStatusChip({ status }: { status: VisitStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={statusColor[status]}
      label={visitTexts.statusLabels[status]}
    />
  );
}

/** The exceptions of a row as labelled chips; the full words are the chip's accessible name. */
export function ExceptionChips({ exceptions }: { exceptions: TimesheetException[] }) {
  if (exceptions.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={timesheetTexts.exceptions}
      // One chip a line: the column stays narrow and every label whole.
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        gap: 0.5,
        m: 0,
        p: 0,
        listStyle: 'none',
      }}
    >
      {exceptions.map((exception) => (
        <li key={exception}>
          <Chip
            size="small"
            color={exceptionColor[exception]}
            label={timesheetTexts.exceptionChips[exception]}
            title={visitTexts.exceptionLabels[exception]}
          />
        </li>
      ))}
    </Box>
  );
}

/** The earlier times a correction replaced, opened on demand under the row's exceptions. */
function EarlierTimes({ corrections, zone }: { corrections: VisitCorrection[]; zone: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (corrections.length === 0) return null;
  const time = (iso: string | null) => (iso ? formatDateTime(iso, zone) : timesheetTexts.noTime);
  return (
    <Box sx={{ mt: 0.5 }}>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        sx={{ minHeight: 40, whiteSpace: 'nowrap' }}
      >
        {timesheetTexts.earlierTimes(corrections.length)}
      </Button>
      {open && (
        <Box
          component="ul"
          id={listId}
          sx={{ m: 0, pl: 2, minWidth: 260, '& li + li': { mt: 0.5 }, typography: 'body2' }}
        >
          {corrections.map((c, index) => (
            <li key={index}>
              {timesheetTexts.correctionLine(
                `${time(c.previousCheckInAt)} – ${time(c.previousCheckOutAt)}`,
                `${time(c.checkInAt)} – ${time(c.checkOutAt)}`,
                c.correctedByName,
                formatDateTime(c.correctedAt, zone),
                c.reason,
              )}
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The period's totals: visits, completed, missed, planned and actual hours, exceptions. */
function Totals({ sheet }: { sheet: Timesheet }) {
  const headingId = useId();
  const t = sheet.totals;
  const figures = [
    { label: timesheetTexts.visits, value: String(t.visits) },
    { label: timesheetTexts.completed, value: String(t.completed) },
    { label: timesheetTexts.missed, value: String(t.missed) },
    { label: timesheetTexts.plannedHours, value: hoursText(t.plannedMinutes) },
    { label: timesheetTexts.actualHours, value: hoursText(t.actualMinutes) },
    { label: timesheetTexts.exceptions, value: String(t.exceptions) },
  ];
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1 }}>
        {timesheetTexts.totalsTitle}
      </Typography>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, m: 0 }}>
        {figures.map(({ label, value }) => (
          <Paper key={label} variant="outlined" sx={{ px: 2, py: 1, minWidth: 140 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontSize: '1.25rem' }}>
              {value}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

/**
 * A visit's row as a card, for a phone: the same facts as the table's row, one under another,
 * so nothing hides in a table scrolled sideways at a large font size.
 */
function RowCard({
  row,
  zone,
  onCorrect,
}: {
  row: TimesheetRow;
  zone: string;
  onCorrect?: () => void;
}) {
  const facts = [
    { label: timesheetTexts.checkIn, value: clockText(row.checkInAt, zone, row.localDate) },
    { label: timesheetTexts.checkOut, value: clockText(row.checkOutAt, zone, row.localDate) },
    { label: timesheetTexts.plannedMinutes, value: String(row.plannedMinutes) },
    {
      label: timesheetTexts.actualMinutes,
      value: row.actualMinutes === null ? '' : String(row.actualMinutes),
    },
  ];
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Typography sx={{ fontWeight: 600 }}>
        {shortDate(row.localDate)} ·{' '}
        {visitTexts.timeRange(
          clockText(row.plannedStart, zone, row.localDate),
          clockText(row.plannedEnd, zone, row.localDate),
        )}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{row.patientName}</Typography>
      <Typography color="text.secondary">
        {visitTexts.serviceTypeLabels[row.serviceType]}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.5,
          my: 1,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0 },
        }}
      >
        {facts.map((fact) => (
          <Box key={fact.label} sx={{ display: 'contents' }}>
            <dt>{fact.label}</dt>
            <dd>{fact.value || timesheetTexts.notYet}</dd>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
        <VisitStatusChip status={row.status} />
        <ExceptionChips exceptions={row.exceptions} />
      </Box>
      <EarlierTimes corrections={row.corrections} zone={zone} />
      {onCorrect && (
        <Button
          variant="outlined"
          fullWidth
          onClick={onCorrect}
          aria-label={timesheetTexts.correctTimesOf(row.patientName, shortDate(row.localDate))}
          sx={{ mt: 1, minHeight: 48 }}
        >
          {timesheetTexts.correctTimes}
        </Button>
      )}
    </Paper>
  );
}

/**
 * One caregiver's timesheet: the totals, then a row per visit with its planned and actual
 * times and minutes, its status and its exceptions; those who correct times do it per row.
 */
export function TimesheetSheet({ sheet, mayCorrect }: { sheet: Timesheet; mayCorrect: boolean }) {
  const [correcting, setCorrecting] = useState<TimesheetRow | null>(null);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const zone = sheet.timeZone;
  const columns: Column<TimesheetRow>[] = [
    {
      key: 'date',
      cardTitle: true,
      header: timesheetTexts.date,
      nowrap: true,
      render: (r) => shortDate(r.localDate),
    },
    { key: 'patient', header: timesheetTexts.patient, minWidth: 140, render: (r) => r.patientName },
    {
      key: 'service',
      header: timesheetTexts.serviceType,
      minWidth: 120,
      render: (r) => visitTexts.serviceTypeLabels[r.serviceType],
    },
    {
      key: 'planned',
      header: timesheetTexts.planned,
      nowrap: true,
      render: (r) =>
        visitTexts.timeRange(
          clockText(r.plannedStart, zone, r.localDate),
          clockText(r.plannedEnd, zone, r.localDate),
        ),
    },
    {
      key: 'checkIn',
      header: timesheetTexts.checkIn,
      nowrap: true,
      render: (r) => clockText(r.checkInAt, zone, r.localDate) || timesheetTexts.notYet,
    },
    {
      key: 'checkOut',
      header: timesheetTexts.checkOut,
      nowrap: true,
      render: (r) => clockText(r.checkOutAt, zone, r.localDate) || timesheetTexts.notYet,
    },
    {
      key: 'plannedMinutes',
      header: timesheetTexts.plannedMinutes,
      render: (r) => r.plannedMinutes,
    },
    {
      key: 'actualMinutes',
      header: timesheetTexts.actualMinutes,
      render: (r) => r.actualMinutes ?? timesheetTexts.notYet,
    },
    {
      key: 'status',
      header: timesheetTexts.status,
      render: (r) => <VisitStatusChip status={r.status} />,
    },
    {
      key: 'exceptions',
      header: timesheetTexts.exceptions,
      minWidth: 140,
      render: (r) => (
        <>
          <ExceptionChips exceptions={r.exceptions} />
          <EarlierTimes corrections={r.corrections} zone={zone} />
        </>
      ),
    },
  ];
  if (mayCorrect) {
    columns.push({
      key: 'actions',
      header: timesheetTexts.actions,
      pinned: true,
      render: (r) =>
        r.status === 'cancelled' ? null : (
          <Button
            variant="outlined"
            onClick={() => setCorrecting(r)}
            aria-label={timesheetTexts.correctTimesOf(r.patientName, shortDate(r.localDate))}
            sx={{ minHeight: 40, whiteSpace: 'nowrap' }}
          >
            {timesheetTexts.correctTimes}
          </Button>
        ),
    });
  }

  return (
    <>
      <Totals sheet={sheet} />
      {phone ? (
        sheet.rows.length === 0 ? (
          <EmptyState text={timesheetTexts.sheetEmpty} />
        ) : (
          <Box
            component="ul"
            aria-label={timesheetTexts.sheetTitle(sheet.caregiver.name)}
            sx={{ display: 'grid', gap: 1.5, m: 0, p: 0 }}
          >
            {sheet.rows.map((r) => (
              <RowCard
                key={r.visitId}
                row={r}
                zone={zone}
                onCorrect={
                  mayCorrect && r.status !== 'cancelled' ? () => setCorrecting(r) : undefined
                }
              />
            ))}
          </Box>
        )
      ) : (
        <DataTable
          label={timesheetTexts.sheetTitle(sheet.caregiver.name)}
          columns={columns}
          rows={sheet.rows}
          rowKey={(r) => r.visitId}
          emptyText={timesheetTexts.sheetEmpty}
        />
      )}
      {mayCorrect && (
        <CorrectionDialog row={correcting} timeZone={zone} onClose={() => setCorrecting(null)} />
      )}
    </>
  );
}
