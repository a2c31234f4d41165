import { Box } from '@mui/material';
import { useMemo } from 'react';
import { clinicalTexts, vitalSignTexts, type VitalMeasurement } from '../../../shared/messages.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { apiPathOf } from '../../../shared/record-types.ts';
import type { VitalSign } from '../../../shared/schemas/vital-signs.ts';
import type { UnitSettings } from '../../../shared/units.ts';
import { outOfRange, type PatientRanges } from '../../../shared/vital-thresholds.ts';
import { useSession } from '../../lib/auth.tsx';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { formatShown, unitOf, useUnits } from '../../lib/units.ts';
import { DateTimeText, type Column } from '../data-table.tsx';
import { directionsOf, FlaggedValue, OutOfRangeFlag } from './vital-flags.tsx';
import { useVitalRanges } from './api/get-vital-ranges.ts';
import { RecordSection, type RecordFormDialogComponentProps } from './record-section.tsx';

// The readings form (react-hook-form, zod) loads when it is first opened.
const VitalSignFormDialog = lazyDialog(() =>
  import('./vital-sign-form-dialog.tsx').then((m) => m.VitalSignFormDialog),
);

const measurementColumns: { key: VitalMeasurement; header: string }[] = [
  { key: 'pulse', header: 'Pulse' },
  { key: 'respiratoryRate', header: 'Resp.' },
  { key: 'temperatureC', header: 'Temp' },
  { key: 'spo2', header: 'SpO2' },
  { key: 'glucoseMmolL', header: 'Glucose' },
  { key: 'weightKg', header: 'Weight' },
  { key: 'pain', header: 'Pain' },
];

function columnsFor(units: UnitSettings, ranges: PatientRanges | undefined): Column<VitalSign>[] {
  const cell = (row: VitalSign, name: VitalMeasurement) => {
    const value = row[name];
    if (value === null) return '';
    return (
      <FlaggedValue
        text={formatShown(name, value, units)}
        direction={directionsOf(row, ranges)[name] ?? null}
      />
    );
  };
  return [
    {
      key: 'takenAt',
      cardTitle: true,
      header: 'Taken at',
      sortKey: 'date',
      render: (r) => (
        <>
          <DateTimeText value={r.takenAt} />
          {ranges && outOfRange(r, ranges).length > 0 && (
            <Box>
              <OutOfRangeFlag />
            </Box>
          )}
        </>
      ),
    },
    {
      key: 'bloodPressure',
      header: 'BP',
      nowrap: true,
      render: (r) =>
        r.systolic === null ? (
          ''
        ) : (
          <>
            {cell(r, 'systolic')}/{cell(r, 'diastolic')}
          </>
        ),
    },
    ...measurementColumns.map(({ key, header }) => {
      const unit = unitOf(key, units);
      return {
        key,
        header: unit && key !== 'respiratoryRate' && key !== 'pulse' ? `${header} ${unit}` : header,
        nowrap: true,
        render: (r: VitalSign) => cell(r, key),
      };
    }),
    { key: 'recordedBy', header: 'Taken by', render: (r) => r.recordedByName },
    { key: 'note', header: 'Note', minWidth: 160, render: (r) => r.note },
  ];
}

/**
 * One patient's vital signs, newest first, in the user's units; a reading outside the
 * patient's ranges is flagged. Whoever may record adds; editors on the care team change any
 * reading, anyone else only the readings they took (the server decides the same).
 */
export function VitalSignsSection({ patientId }: { patientId: number }) {
  const { user, can } = useSession();
  const units = useUnits();
  const ranges = useVitalRanges(patientId).data;
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
  const columns = useMemo(() => columnsFor(units, ranges), [units, ranges]);

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
      defaultSort="-date"
      flush
    />
  );
}
