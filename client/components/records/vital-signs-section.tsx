import { useMemo } from 'react';
import { clinicalTexts, vitalSignTexts } from '../../../shared/messages.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { apiPathOf } from '../../../shared/record-types.ts';
import type { VitalSign } from '../../../shared/schemas/vital-signs.ts';
import { useSession } from '../../lib/auth.tsx';
import { DateTimeText, type Column } from '../data-table.tsx';
import { RecordSection, type RecordFormDialogComponentProps } from './record-section.tsx';
import { VitalSignFormDialog } from './vital-sign-form-dialog.tsx';

const shown = (value: number | null): string => (value === null ? '' : String(value));

const columns: Column<VitalSign>[] = [
  {
    key: 'takenAt',
    header: 'Taken at',
    render: (r) => <DateTimeText value={r.takenAt} />,
  },
  {
    key: 'bloodPressure',
    header: 'BP',
    nowrap: true,
    render: (r) => (r.systolic === null ? '' : `${r.systolic}/${shown(r.diastolic)}`),
  },
  { key: 'pulse', header: 'Pulse', render: (r) => shown(r.pulse) },
  { key: 'respiratoryRate', header: 'Resp.', render: (r) => shown(r.respiratoryRate) },
  { key: 'temperatureC', header: 'Temp °C', nowrap: true, render: (r) => shown(r.temperatureC) },
  { key: 'spo2', header: 'SpO2 %', nowrap: true, render: (r) => shown(r.spo2) },
  {
    key: 'glucoseMmolL',
    header: 'Glucose mmol/L',
    render: (r) => shown(r.glucoseMmolL),
  },
  { key: 'weightKg', header: 'Weight kg', render: (r) => shown(r.weightKg) },
  { key: 'pain', header: 'Pain', render: (r) => shown(r.pain) },
  { key: 'recordedBy', header: 'Taken by', render: (r) => r.recordedByName },
  { key: 'note', header: 'Note', minWidth: 160, render: (r) => r.note },
];

/**
 * One patient's vital signs, newest first. Whoever may record adds; editors on the care team
 * change any reading, anyone else only the readings they took (the server decides the same).
 */
export function VitalSignsSection({ patientId }: { patientId: number }) {
  const { user, can } = useSession();
  const mayRecord = can('vital-signs:record');
  const mayChangeAny = can('vital-signs:write');
  const mayChange = (row: VitalSign) => mayChangeAny || row.recordedBy === user?.id;
  // RecordSection renders its dialog as a component: a stable one per patient keeps the open
  // dialog's state across the section's re-renders.
  const FormDialog = useMemo(
    () =>
      function PatientVitalSignFormDialog(props: RecordFormDialogComponentProps<VitalSign>) {
        return <VitalSignFormDialog {...props} patientId={patientId} />;
      },
    [patientId],
  );

  return (
    <RecordSection<VitalSign>
      title={vitalSignTexts.title}
      heading="section"
      type="vital-sign"
      listPath={`${apiPathOf('vital-sign')}/patient/${patientId}`}
      columns={columns}
      emptyText={vitalSignTexts.empty}
      fetchError={vitalSignTexts.errorFetching}
      addLabel={mayRecord ? vitalSignTexts.addTitle : undefined}
      hasActions={mayRecord}
      canEdit={mayChange}
      canDelete={mayChange}
      describe={(r) => `vital signs taken ${formatDateTime(r.takenAt)}`}
      remove={{
        title: vitalSignTexts.deleteTitle,
        message: clinicalTexts.deleteMessage,
        success: vitalSignTexts.deleted,
        error: vitalSignTexts.errorDeleting,
      }}
      FormDialog={FormDialog}
      flush
    />
  );
}
