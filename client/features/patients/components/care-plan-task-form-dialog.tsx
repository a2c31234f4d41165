import { TextField } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { timesheetTexts } from '../../../../shared/messages.ts';
import { carePlanTaskInputSchema, type CarePlanTask } from '../../../../shared/schemas/visits.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import type { RecordFormDialogComponentProps } from '../../../components/records/record-section.tsx';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useSaveCarePlanTask } from '../api/save-care-plan-task.ts';

/** Adds a task to the patient's care plan (no record) or renames one, keeping its place. */
export function CarePlanTaskFormDialog({
  open,
  record,
  onClose,
  patientId,
}: RecordFormDialogComponentProps<CarePlanTask> & { patientId: number }) {
  const titleId = useId();
  const save = useSaveCarePlanTask();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (open) {
      setTitle(record?.title ?? '');
      setError(undefined);
    }
  }, [open, record]);

  const submit = async () => {
    const parsed = carePlanTaskInputSchema.safeParse({
      patientId: record?.patientId ?? patientId,
      title,
      ...(record ? { position: record.position } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues.find((i) => i.path[0] === 'title')?.message);
      return;
    }
    try {
      await save.mutateAsync({ id: record?.id, body: parsed.data });
      notify('success', record ? timesheetTexts.taskUpdated : timesheetTexts.taskAdded);
      onClose();
    } catch (failure) {
      const message =
        failure instanceof ApiError
          ? (failure.errors?.title ?? failure.errors?.position ?? failure.message)
          : undefined;
      setError(message);
      notify('error', timesheetTexts.errorSavingTask);
    }
  };

  return (
    <FormDialog
      open={open}
      titleId={titleId}
      title={record ? timesheetTexts.editTaskTitle : timesheetTexts.addTaskTitle}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onClose={onClose}
      busy={save.isPending}
      cancelLabel={timesheetTexts.cancel}
      submitLabel={record ? timesheetTexts.rename : timesheetTexts.addTask}
    >
      <TextField
        label={timesheetTexts.taskTitle}
        name="title"
        required
        fullWidth
        autoFocus
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={Boolean(error)}
        helperText={error}
      />
    </FormDialog>
  );
}
