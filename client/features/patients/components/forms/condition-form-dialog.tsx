import { zodResolver } from '@hookform/resolvers/zod';
import { conditionTexts } from '../../../../../shared/messages.ts';
import {
  conditionInputSchema,
  type Condition,
  type ConditionFormValues,
  type ConditionInput,
} from '../../../../../shared/schemas/conditions.ts';
import {
  RecordFormDialog,
  useClinicalRecordForm,
} from '../../../../components/records/record-form-dialog.tsx';
import { TextInput } from '../../../../components/records/record-fields.tsx';
import type { RecordFormDialogComponentProps } from '../../../../components/records/record-section.tsx';
import { StatusInput } from './status-input.tsx';

/** Adds or corrects one condition of the patient whose chart it is on. */
export function ConditionFormDialog({
  patientId,
  ...props
}: RecordFormDialogComponentProps<Condition> & { patientId: number }) {
  const { control, dialogProps } = useClinicalRecordForm<
    Condition,
    ConditionFormValues,
    ConditionInput,
    ConditionInput
  >({
    type: 'condition',
    dialog: props,
    resolver: zodResolver(conditionInputSchema),
    fromRecord: (record) => ({
      patientId: record.patientId,
      name: record.name,
      onset: record.onset ?? '',
      status: record.status,
      note: record.note,
    }),
    blank: () => ({ patientId, name: '', onset: '', status: 'active', note: '' }),
    toBody: (values) => values,
    texts: {
      added: conditionTexts.added,
      updated: conditionTexts.updated,
      error: conditionTexts.errorSaving,
    },
    titles: { add: conditionTexts.addTitle, edit: conditionTexts.editTitle },
  });

  return (
    <RecordFormDialog {...dialogProps}>
      <TextInput control={control} name="name" label={conditionTexts.name} required />
      <TextInput control={control} name="onset" label={conditionTexts.onset} type="date" />
      <StatusInput control={control} name="status" label={conditionTexts.status} />
      <TextInput control={control} name="note" label={conditionTexts.note} multiline />
    </RecordFormDialog>
  );
}
