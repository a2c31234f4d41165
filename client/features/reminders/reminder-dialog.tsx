import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../shared/format.ts';
import { notices, reminderTexts, validation } from '../../../shared/messages.ts';
import {
  reminderFormSchema,
  type Reminder,
  type ReminderFormValues,
} from '../../../shared/schemas/reminders.ts';
import { FormDialog, FormTextField } from '../../components/form-dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSaveReminder } from './api/save-reminder.ts';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';

const fields = ['message', 'date'] as const;

const initialValues = (reminder?: Reminder | null): ReminderFormValues => ({
  message: reminder?.message ?? '',
  date: reminder ? toDateTimeLocal(reminder.date) : '',
});

interface ReminderDialogProps {
  open: boolean;
  /** The reminder to edit; absent to add one. */
  reminder?: Reminder | null;
  onClose(): void;
}

/** The 'Add Reminder' dialog (also used, pre-filled, to edit one). */
export function ReminderDialog({ open, reminder, onClose }: ReminderDialogProps) {
  const isEdit = Boolean(reminder);
  const save = useSaveReminder();
  const { control, handleSubmit, reset, setError } = useForm<ReminderFormValues>({
    resolver: zodResolver(reminderFormSchema),
    defaultValues: initialValues(reminder),
  });

  useEffect(() => {
    if (open) reset(initialValues(reminder));
    // Each opening starts from the reminder being edited, or from an empty form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, reminder?.id]);

  const submit = handleSubmit(
    async (values) => {
      try {
        await save.mutateAsync({
          id: reminder?.id,
          message: values.message,
          date: fromDateTimeLocal(values.date),
        });
        notify('success', isEdit ? reminderTexts.updated : notices.reminderAdded);
        reset(initialValues(null));
        onClose();
      } catch (error) {
        showServerFieldErrors(error, fields, setError);
        notify(
          'error',
          error instanceof ApiError && error.status === 400
            ? error.message
            : reminderTexts.errorSaving,
        );
      }
    },
    // The seed also says it as a notice, not only under the fields.
    (errors) => {
      if (Object.values(errors).some((error) => error?.message === validation.reminderBoth)) {
        notify('error', validation.reminderBoth, { toastId: 'reminder-both' });
      }
    },
  );

  return (
    <FormDialog
      open={open}
      titleId="reminder-dialog-title"
      title={isEdit ? reminderTexts.editTitle : reminderTexts.addTitle}
      onSubmit={submit}
      onClose={onClose}
      busy={save.isPending}
      cancelLabel={reminderTexts.cancel}
      submitLabel={isEdit ? reminderTexts.save : reminderTexts.addTitle}
    >
      <FormTextField
        control={control}
        name="message"
        label={reminderTexts.messageLabel}
        required
        fullWidth
        autoFocus
        autoComplete="off"
        multiline
        minRows={2}
      />
      <FormTextField
        control={control}
        name="date"
        type="datetime-local"
        label={reminderTexts.dateLabel}
        required
        fullWidth
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </FormDialog>
  );
}
