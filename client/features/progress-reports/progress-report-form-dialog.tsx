import { zodResolver } from '@hookform/resolvers/zod';
import { notices } from '../../../shared/messages.ts';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../shared/format.ts';
import {
  overallHealthChoices,
  progressReportInputSchema,
  type ProgressReport,
  type ProgressReportFormValues,
  type ProgressReportInput,
} from '../../../shared/schemas/progress-reports.ts';
import { staffIdAs } from '../../../shared/permissions.ts';
import { useSession } from '../../lib/auth.tsx';
import { useSaveRecord } from '../../components/records/api/save-record.ts';
import { RecordFormDialog, useRecordForm } from '../../components/records/record-form-dialog.tsx';
import { PersonInput, TextInput } from '../../components/records/record-fields.tsx';
import type { RecordFormDialogComponentProps } from '../../components/records/record-section.tsx';

/** The 'Add Progress Report' / 'Edit Progress Report' dialog; a caregiver is pre-filled as themselves. */
export function ProgressReportFormDialog({
  open,
  record,
  onClose,
}: RecordFormDialogComponentProps<ProgressReport>) {
  const { user } = useSession();
  const save = useSaveRecord<ProgressReportInput, ProgressReport>('progress-report');
  const { form, submit } = useRecordForm<
    ProgressReportFormValues,
    ProgressReportInput,
    ProgressReportInput
  >({
    resolver: zodResolver(progressReportInputSchema),
    open,
    resetKey: record,
    isEdit: record !== null,
    initial: () =>
      record
        ? {
            patientId: record.patientId,
            caregiverId: record.caregiverId,
            date: toDateTimeLocal(record.date),
            summary: record.summary,
            recommendations: record.recommendations,
            overallHealth: record.overallHealth,
          }
        : {
            patientId: null,
            caregiverId: staffIdAs(user, 'caregiver'),
            date: toDateTimeLocal(new Date()),
            summary: '',
            recommendations: '',
            overallHealth: '',
          },
    toBody: (values) => ({ ...values, date: fromDateTimeLocal(values.date) }),
    save: (body) => save.mutateAsync({ id: record?.id, body }),
    texts: {
      added: notices.progressReportAdded,
      updated: notices.progressReportUpdated,
      error: notices.errorSavingProgressReport,
    },
    onClose,
  });
  const { control } = form;

  return (
    <RecordFormDialog
      open={open}
      title={record ? 'Edit Progress Report' : 'Add Progress Report'}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={form.formState.isSubmitting}
    >
      <PersonInput control={control} name="patientId" role="patient" label="Patient" required />
      <PersonInput
        control={control}
        name="caregiverId"
        role="caregiver"
        label="Caregiver"
        required
      />
      <TextInput control={control} name="date" label="Date" type="datetime-local" required />
      <TextInput control={control} name="summary" label="Summary" required multiline />
      <TextInput
        control={control}
        name="recommendations"
        label="Recommendations"
        required
        multiline
      />
      <TextInput
        control={control}
        name="overallHealth"
        label="Overall Health"
        choices={overallHealthChoices}
      />
    </RecordFormDialog>
  );
}
