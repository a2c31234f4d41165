import { Alert, Box } from '@mui/material';
import { clinicalTexts, notices, scheduleTexts } from '../../../shared/messages.ts';
import { formatDate, formatDateTime } from '../../../shared/format.ts';
import type { Medication } from '../../../shared/schemas/medications.ts';
import type { Prescription } from '../../../shared/schemas/prescriptions.ts';
import { DateTimeText, type Column } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/auth.tsx';
import { IdWithName } from '../../components/id-with-name.tsx';
import {
  isUnlinkedPatient,
  recordListFilters,
  recordListPath,
} from '../../components/records/record-list-path.ts';
import { RecordSection } from '../../components/records/record-section.tsx';
import { MedicationFormDialog } from '../../components/records/forms/medication-form-dialog.tsx';
import { PrescriptionFormDialog } from '../../components/records/forms/prescription-form-dialog.tsx';
import { ScheduleCell } from '../../components/records/prescription-schedule-cell.tsx';

const patientColumn = {
  key: 'patientId',
  header: 'Patient ID',
  sortKey: 'patient',
  render: (r: { patientId: number; patientName: string }) => (
    <IdWithName id={r.patientId} name={r.patientName} patient />
  ),
};

const prescriptionColumns: Column<Prescription>[] = [
  patientColumn,
  {
    key: 'doctorId',
    header: 'Doctor ID',
    sortKey: 'doctor',
    staffId: true,
    render: (r) => <IdWithName id={r.doctorId} name={r.doctorName} />,
  },
  { key: 'date', header: 'Date', sortKey: 'date', nowrap: true, render: (r) => formatDate(r.date) },
  { key: 'medication', cardTitle: true, header: 'Medication', render: (r) => r.medication },
  { key: 'dosage', header: 'Dosage', render: (r) => r.dosage },
  { key: 'duration', header: 'Duration', render: (r) => r.duration },
  {
    key: 'schedule',
    header: scheduleTexts.column,
    minWidth: 180,
    render: (r) => <ScheduleCell prescription={r} />,
  },
  { key: 'details', header: 'Details', render: (r) => r.details },
];

const medicationColumns: Column<Medication>[] = [
  patientColumn,
  {
    key: 'date',
    cardTitle: true,
    header: 'Date',
    sortKey: 'date',
    render: (r) => <DateTimeText value={r.date} />,
  },
  { key: 'details', header: 'Details', render: (r) => r.details },
  {
    key: 'recordedBy',
    header: 'Recorded by',
    render: (r) => (
      <IdWithName id={r.recordedBy} name={`${r.recordedByName} (${r.recordedByRole})`} />
    ),
  },
];

/**
 * Prescriptions and medication: doctors write prescriptions (and see those they wrote) and
 * manage medication records; caregivers read their patients' prescriptions and log doses
 * given; patients read their own.
 */
export default function PrescriptionsMedicationPage() {
  const { user, can } = useSession();
  const mayPrescribe = can('prescriptions:write');
  const mayLog = can('medications:log');
  const mayManageMedication = can('medications:write');
  const notLinked = isUnlinkedPatient(user);
  const prescriptionsPath = recordListPath('prescription', user, 'doctor');
  const medicationsPath = recordListPath('medication', user);

  return (
    <Box>
      <PageHeader title="Prescriptions & Medication" />
      {notLinked && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {clinicalTexts.notLinked}
        </Alert>
      )}
      <RecordSection<Prescription>
        title="Prescriptions"
        heading="section"
        type="prescription"
        listPath={prescriptionsPath}
        columns={prescriptionColumns}
        emptyText={clinicalTexts.noPrescriptions}
        fetchError={clinicalTexts.errorFetchingPrescriptions}
        addLabel={mayPrescribe ? 'Add Prescription' : undefined}
        hasActions={mayPrescribe}
        canEdit={() => mayPrescribe}
        canDelete={() => mayPrescribe}
        describe={(r) => `prescription for ${r.patientName} of ${formatDate(r.date)}`}
        remove={{
          title: clinicalTexts.deletePrescriptionTitle,
          message: clinicalTexts.deleteMessage,
          success: notices.prescriptionDeleted,
          error: clinicalTexts.errorDeletingPrescription,
        }}
        FormDialog={PrescriptionFormDialog}
        filters={recordListFilters(user, 'doctor')}
        defaultSort="-date"
      />
      <RecordSection<Medication>
        title="Medication"
        heading="section"
        type="medication"
        listPath={medicationsPath}
        columns={medicationColumns}
        emptyText={clinicalTexts.noMedication}
        fetchError={clinicalTexts.errorFetchingMedication}
        addLabel={mayLog ? 'Add Medication' : undefined}
        hasActions={mayManageMedication}
        canEdit={() => mayManageMedication}
        canDelete={() => mayManageMedication}
        describe={(r) => `medication record for ${r.patientName} of ${formatDateTime(r.date)}`}
        remove={{
          title: clinicalTexts.deleteMedicationTitle,
          message: clinicalTexts.deleteMessage,
          success: notices.medicationDeleted,
          error: clinicalTexts.errorDeletingMedication,
        }}
        FormDialog={MedicationFormDialog}
        defaultSort="-date"
      />
    </Box>
  );
}
