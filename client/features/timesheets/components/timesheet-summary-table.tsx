import { Button } from '@mui/material';
import { timesheetTexts } from '../../../../shared/messages.ts';
import type { TimesheetSummary } from '../../../../shared/schemas/visits.ts';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { hoursText } from '../timesheet-period.ts';

type Row = TimesheetSummary['caregivers'][number];

/** Every caregiver's totals over the period, each opening that caregiver's timesheet. */
export function TimesheetSummaryTable({
  summary,
  isLoading,
  error,
  onRetry,
  onOpen,
}: {
  summary: TimesheetSummary | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry(): void;
  onOpen(caregiverId: number): void;
}) {
  const columns: Column<Row>[] = [
    {
      key: 'caregiver',
      cardTitle: true,
      header: timesheetTexts.caregiver,
      minWidth: 160,
      render: (r) => r.caregiverName,
    },
    { key: 'visits', header: timesheetTexts.visits, render: (r) => r.visits },
    { key: 'completed', header: timesheetTexts.completed, render: (r) => r.completed },
    { key: 'missed', header: timesheetTexts.missed, render: (r) => r.missed },
    {
      key: 'planned',
      header: timesheetTexts.plannedHours,
      render: (r) => hoursText(r.plannedMinutes),
    },
    {
      key: 'actual',
      header: timesheetTexts.actualHours,
      render: (r) => hoursText(r.actualMinutes),
    },
    { key: 'exceptions', header: timesheetTexts.exceptions, render: (r) => r.exceptions },
    {
      key: 'open',
      header: timesheetTexts.actions,
      pinned: true,
      render: (r) => (
        <Button
          variant="outlined"
          onClick={() => onOpen(r.caregiverId)}
          aria-label={timesheetTexts.openOf(r.caregiverName)}
          sx={{ minHeight: 40, whiteSpace: 'nowrap' }}
        >
          {timesheetTexts.open}
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      label={timesheetTexts.summaryTitle}
      columns={columns}
      rows={summary?.caregivers}
      rowKey={(r) => r.caregiverId}
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      emptyText={timesheetTexts.summaryEmpty}
    />
  );
}
