import { zodResolver } from '@hookform/resolvers/zod';
import { allergyTexts } from '../../../../../shared/messages.ts';
import {
  allergyInputSchema,
  type Allergy,
  type AllergyFormValues,
  type AllergyInput,
} from '../../../../../shared/schemas/allergies.ts';
import {
  RecordFormDialog,
  useClinicalRecordForm,
} from '../../../../components/records/record-form-dialog.tsx';
import { TextInput } from '../../../../components/records/record-fields.tsx';
import type { RecordFormDialogComponentProps } from '../../../../components/records/record-section.tsx';
import { StatusInput } from './status-input.tsx';

/** Adds or corrects one allergy of the patient whose chart it is on. */
export function AllergyFormDialog({
  patientId,
  ...props
}: RecordFormDialogComponentProps<Allergy> & { patientId: number }) {
  const { control, dialogProps } = useClinicalRecordForm<
    Allergy,
    AllergyFormValues,
    AllergyInput,
    AllergyInput
  >({
    type: 'allergy',
    dialog: props,
    resolver: zodResolver(allergyInputSchema),
    fromRecord: (record) => ({
      patientId: record.patientId,
      substance: record.substance,
      reaction: record.reaction,
      onset: record.onset ?? '',
      status: record.status,
    }),
    blank: () => ({ patientId, substance: '', reaction: '', onset: '', status: 'active' }),
    toBody: (values) => values,
    texts: {
      added: allergyTexts.added,
      updated: allergyTexts.updated,
      error: allergyTexts.errorSaving,
    },
    titles: { add: allergyTexts.addTitle, edit: allergyTexts.editTitle },
  });

  return (
    <RecordFormDialog {...dialogProps}>
      <TextInput control={control} name="substance" label={allergyTexts.substance} required />
      <TextInput control={control} name="reaction" label={allergyTexts.reaction} multiline />
      <TextInput control={control} name="onset" label={allergyTexts.onset} type="date" />
      <StatusInput control={control} name="status" label={allergyTexts.status} />
    </RecordFormDialog>
  );
}
