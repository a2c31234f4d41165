import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box } from '@mui/material';
import { useFormState, type Control } from 'react-hook-form';
import {
  vitalSignLabels,
  vitalSignTexts,
  type VitalMeasurement,
} from '../../../shared/messages.ts';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../shared/format.ts';
import {
  vitalMeasurements,
  vitalSignInputSchema,
  type VitalSign,
  type VitalSignFormValues,
  type VitalSignInput,
} from '../../../shared/schemas/vital-signs.ts';
import { RecordFormDialog, useClinicalRecordForm } from './record-form-dialog.tsx';
import { TextInput } from './record-fields.tsx';
import type { RecordFormDialogComponentProps } from './record-section.tsx';

/** 'Pulse (/min)', 'Pain (0-10)': the unit belongs in the label, the field holds only the number. */
const labelOf = (name: VitalMeasurement): string => {
  const { label, unit } = vitalSignLabels[name];
  return `${label} (${unit || '0-10'})`;
};

/**
 * The schema's rules about the whole reading ("Enter at least one measurement") have no field to
 * sit under: the resolver files them under the empty name.
 */
function ReadingMessage({ control }: { control: Control<VitalSignFormValues> }) {
  const { errors } = useFormState({ control });
  const message = (errors as Record<string, { message?: string } | undefined>)['']?.message;
  return message ? (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  ) : null;
}

/** Adds or corrects one reading of the patient whose page it is on. */
export function VitalSignFormDialog({
  patientId,
  ...props
}: RecordFormDialogComponentProps<VitalSign> & { patientId: number }) {
  const { control, dialogProps } = useClinicalRecordForm<
    VitalSign,
    VitalSignFormValues,
    VitalSignInput,
    VitalSignInput
  >({
    type: 'vital-sign',
    dialog: props,
    resolver: zodResolver(vitalSignInputSchema),
    fromRecord: (record) => ({
      patientId: record.patientId,
      takenAt: toDateTimeLocal(record.takenAt),
      ...Object.fromEntries(
        vitalMeasurements.map((name) => [name, record[name] === null ? '' : String(record[name])]),
      ),
      note: record.note,
    }),
    blank: () => ({
      patientId,
      takenAt: toDateTimeLocal(new Date()),
      ...Object.fromEntries(vitalMeasurements.map((name) => [name, ''])),
      note: '',
    }),
    toBody: (values) => ({ ...values, takenAt: fromDateTimeLocal(values.takenAt) }),
    texts: {
      added: vitalSignTexts.added,
      updated: vitalSignTexts.updated,
      error: vitalSignTexts.errorSaving,
    },
    titles: { add: vitalSignTexts.addTitle, edit: vitalSignTexts.editTitle },
  });

  return (
    <RecordFormDialog {...dialogProps}>
      <TextInput control={control} name="takenAt" label="Taken at" type="datetime-local" required />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          gap: 2,
          pt: 1,
        }}
      >
        {vitalMeasurements.map((name) => (
          <TextInput key={name} control={control} name={name} label={labelOf(name)} type="number" />
        ))}
      </Box>
      <TextInput control={control} name="note" label="Note" multiline />
      <ReadingMessage control={control} />
    </RecordFormDialog>
  );
}
