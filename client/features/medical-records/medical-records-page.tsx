import { Alert } from '@mui/material';
import { clinicalTexts, notices } from '../../../shared/messages.ts';
import { formatDateTime } from '../../../shared/format.ts';
import type { MedicalRecord } from '../../../shared/schemas/medical-records.ts';
import { DateTimeText, type Column } from '../../components/data-table.tsx';
import { useSession } from '../../lib/auth.tsx';
import { IdWithName } from '../../components/id-with-name.tsx';
import {
  isUnlinkedPatient,
  recordListFilters,
  recordListPath,
} from '../../components/records/record-list-path.ts';
import { RecordSection } from '../../components/records/record-section.tsx';
import { MedicalRecordFormDialog } from '../../components/records/forms/medical-record-form-dialog.tsx';

const columns: Column<MedicalRecord>[] = [
  {
    key: 'patientId',
    header: 'Patient ID',
    sortKey: 'patient',
    render: (r) => <IdWithName id={r.patientId} name={r.patientName} patient />,
  },
  {
    key: 'doctorId',
    header: 'Doctor ID',
    sortKey: 'doctor',
    staffId: true,
    render: (r) => <IdWithName id={r.doctorId} name={r.doctorName} />,
  },
  {
    key: 'dateOfVisit',
    cardTitle: true,
    header: 'Date of Visit',
    sortKey: 'date',
    render: (r) => <DateTimeText value={r.dateOfVisit} />,
  },
  { key: 'location', header: 'Location', render: (r) => r.location },
  { key: 'diagnosis', header: 'Diagnosis', render: (r) => r.diagnosis },
  { key: 'treatmentPlan', header: 'Treatment Plan', render: (r) => r.treatmentPlan },
  { key: 'notes', header: 'Notes', render: (r) => r.notes },
];

/** Medical records: doctors see those they wrote, caregivers their patients', patients their own. */
export default function MedicalRecordsPage() {
  const { user, can } = useSession();
  const mayWrite = can('medical-records:write');
  const notLinked = isUnlinkedPatient(user);
  const listPath = recordListPath('medical-record', user, 'doctor');

  return (
    <RecordSection<MedicalRecord>
      title="Medical Records"
      heading="page"
      type="medical-record"
      listPath={listPath}
      columns={columns}
      emptyText={clinicalTexts.noMedicalRecords}
      fetchError={notices.errorFetchingMedicalRecords}
      addLabel={mayWrite ? 'Add New Record' : undefined}
      hasActions={mayWrite}
      canEdit={() => mayWrite}
      canDelete={() => mayWrite}
      describe={(r) => `record of ${r.patientName} on ${formatDateTime(r.dateOfVisit)}`}
      remove={{
        title: clinicalTexts.deleteMedicalRecordTitle,
        message: clinicalTexts.deleteMessage,
        success: notices.medicalRecordDeleted,
        error: notices.errorDeletingMedicalRecord,
      }}
      FormDialog={MedicalRecordFormDialog}
      filters={recordListFilters(user, 'doctor')}
      defaultSort="-date"
      intro={notLinked ? <Alert severity="info">{clinicalTexts.notLinked}</Alert> : undefined}
    />
  );
}
