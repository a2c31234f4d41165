import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { notices, offlineTexts } from '../../../../shared/messages.ts';
import { formatDateTime, fromDateTimeLocal, toDateTimeLocal } from '../../../../shared/format.ts';
import {
  overallHealthChoices,
  progressReportInputSchema,
  type ProgressReport,
  type ProgressReportFormValues,
  type ProgressReportInput,
} from '../../../../shared/schemas/progress-reports.ts';
import { staffIdAs } from '../../../../shared/permissions.ts';
import { useSession } from '../../../lib/auth.tsx';
import { keptPatientName } from '../../../lib/prefetch-for-offline.ts';
import { RecordFormDialog, useClinicalRecordForm } from '../record-form-dialog.tsx';
import { PatientInput, PersonInput, TextInput } from '../record-fields.tsx';
import type { RecordFormDialogComponentProps } from '../record-section.tsx';

/**
 * The 'Add Progress Report' / 'Edit Progress Report' dialog; a caregiver is pre-filled as
 * themselves. With `patientId` (a patient's chart) the patient is that one and cannot be changed.
 */
export function ProgressReportFormDialog({
  patientId,
  ...props
}: RecordFormDialogComponentProps<ProgressReport> & { patientId?: number }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { control, dialogProps } = useClinicalRecordForm<
    ProgressReport,
    ProgressReportFormValues,
    ProgressReportInput,
    ProgressReportInput
  >({
    type: 'progress-report',
    dialog: props,
    resolver: zodResolver(progressReportInputSchema),
    fromRecord: (record) => ({
      patientId: record.patientId,
      caregiverId: record.caregiverId,
      date: toDateTimeLocal(record.date),
      summary: record.summary,
      recommendations: record.recommendations,
      overallHealth: record.overallHealth,
    }),
    blank: () => ({
      patientId: patientId ?? null,
      caregiverId: staffIdAs(user, 'caregiver'),
      date: toDateTimeLocal(new Date()),
      summary: '',
      recommendations: '',
      overallHealth: '',
    }),
    toBody: (values) => ({ ...values, date: fromDateTimeLocal(values.date) }),
    texts: {
      added: notices.progressReportAdded,
      updated: notices.progressReportUpdated,
      error: notices.errorSavingProgressReport,
    },
    titles: { add: 'Add Progress Report', edit: 'Edit Progress Report' },
    offline: {
      kind: 'progressReport',
      label: (body) =>
        offlineTexts.progressReportLabel(
          keptPatientName(queryClient, body.patientId),
          formatDateTime(body.date),
          body.summary,
        ),
      refs: (body) => ({ patientId: body.patientId }),
    },
  });

  return (
    <RecordFormDialog {...dialogProps}>
      <PatientInput control={control} name="patientId" locked={patientId !== undefined} />
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
