import { Alert } from '@mui/material';
import { clinicalTexts, notices } from '../../../shared/messages.ts';
import type { ProgressReport } from '../../../shared/schemas/progress-reports.ts';
import { DateTimeText, type Column } from '../../components/data-table.tsx';
import { useSession } from '../../lib/auth.tsx';
import { IdWithName } from '../../components/id-with-name.tsx';
import {
  isUnlinkedPatient,
  recordListFilters,
  recordListPath,
} from '../../components/records/record-list-path.ts';
import { RecordSection } from '../../components/records/record-section.tsx';
import { ProgressReportFormDialog } from '../../components/records/forms/progress-report-form-dialog.tsx';

const columns: Column<ProgressReport>[] = [
  { key: 'reportId', header: 'Progress Report ID', render: (r) => r.reportId },
  {
    key: 'patientId',
    header: 'Patient ID',
    sortKey: 'patient',
    render: (r) => <IdWithName id={r.patientId} name={r.patientName} patient />,
  },
  {
    key: 'caregiverId',
    header: 'Caregiver Id',
    sortKey: 'caregiver',
    staffId: true,
    render: (r) => <IdWithName id={r.caregiverId} name={r.caregiverName} />,
  },
  {
    key: 'date',
    cardTitle: true,
    header: 'Date',
    sortKey: 'date',
    render: (r) => <DateTimeText value={r.date} />,
  },
  { key: 'summary', header: 'Summary', render: (r) => r.summary },
  { key: 'recommendations', header: 'Recommendations', render: (r) => r.recommendations },
  { key: 'createdAt', header: 'Created At', render: (r) => <DateTimeText value={r.createdAt} /> },
];

/**
 * Progress reports: doctors read, edit and delete those of their patients; caregivers file
 * reports and edit their own; patients (and the legacy role user) read their own. The add
 * button follows PRODUCT.md: caregivers who may add, never patients.
 */
export default function ProgressReportPage() {
  const { user, can } = useSession();
  const mayWrite = can('progress-reports:write');
  const mayFile = can('progress-reports:create');
  const isOwn = (r: ProgressReport) => r.caregiverId === user?.id || r.createdBy === user?.id;
  const notLinked = isUnlinkedPatient(user);
  const listPath = recordListPath('progress-report', user, 'caregiver');

  return (
    <RecordSection<ProgressReport>
      title="Progress Report"
      heading="page"
      type="progress-report"
      listPath={listPath}
      columns={columns}
      emptyText={clinicalTexts.noProgressReports}
      fetchError={notices.errorFetchingProgressReports}
      addLabel={mayFile ? 'Add Progress Report' : undefined}
      hasActions={mayWrite || mayFile}
      canEdit={(r) => mayWrite || (mayFile && isOwn(r))}
      canDelete={() => mayWrite}
      describe={(r) => `progress report ${r.reportId}`}
      remove={{
        title: clinicalTexts.deleteProgressReportTitle,
        message: clinicalTexts.deleteMessage,
        success: notices.progressReportDeleted,
        error: notices.errorDeletingProgressReport,
      }}
      FormDialog={ProgressReportFormDialog}
      filters={recordListFilters(user, 'caregiver')}
      defaultSort="-date"
      intro={notLinked ? <Alert severity="info">{clinicalTexts.notLinked}</Alert> : undefined}
    />
  );
}
