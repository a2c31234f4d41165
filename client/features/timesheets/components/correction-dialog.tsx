import { Alert, Box, TextField, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { timesheetTexts, visitTexts } from '../../../../shared/messages.ts';
import {
  visitCorrectionSchema,
  type TimesheetRow,
  type VisitCorrectionInput,
} from '../../../../shared/schemas/visits.ts';
import { shortDate } from '../../../components/doses/dose-format.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useCorrectVisitTimes } from '../api/correct-visit-times.ts';
import { clockText, fromZonedLocal, toZonedLocal } from '../timesheet-period.ts';

type Field = 'checkInAt' | 'checkOutAt' | 'reason';
const fields: readonly Field[] = ['checkInAt', 'checkOutAt', 'reason'];

/**
 * A supervisor's correction of one visit's check-in and check-out, typed on the agency's clock
 * (the zone the timesheet is in) and sent as instants, with the reason the audit keeps. The
 * server's refusals show at their fields.
 */
export function CorrectionDialog({
  row,
  timeZone,
  onClose,
}: {
  row: TimesheetRow | null;
  timeZone: string;
  onClose(): void;
}) {
  const titleId = useId();
  const correct = useCorrectVisitTimes();
  const [values, setValues] = useState<Record<Field, string>>({
    checkInAt: '',
    checkOutAt: '',
    reason: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  // The row stays while the dialog fades out, so its words do not vanish first.
  const [last, setLast] = useState(row);
  if (row && row !== last) setLast(row);

  useEffect(() => {
    if (!row) return;
    setValues({
      checkInAt: toZonedLocal(row.checkInAt, timeZone),
      checkOutAt: toZonedLocal(row.checkOutAt, timeZone),
      reason: '',
    });
    setErrors({});
    setMessage(null);
  }, [row, timeZone]);

  // A field's message goes once it is changed; the next save checks again.
  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async () => {
    if (!row) return;
    const body = {
      checkInAt: values.checkInAt ? fromZonedLocal(values.checkInAt, timeZone) : null,
      checkOutAt: values.checkOutAt ? fromZonedLocal(values.checkOutAt, timeZone) : null,
      reason: values.reason,
    };
    const parsed = visitCorrectionSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (fields.includes(field) && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      setMessage(null);
      return;
    }
    setErrors({});
    try {
      await correct.mutateAsync({ id: row.visitId, body: parsed.data as VisitCorrectionInput });
      notify('success', timesheetTexts.corrected);
      onClose();
    } catch (error) {
      const found: Partial<Record<Field, string>> = {};
      if (error instanceof ApiError && error.errors) {
        for (const [name, text] of Object.entries(error.errors)) {
          if (fields.includes(name as Field)) found[name as Field] = text;
        }
      }
      setErrors(found);
      setMessage(
        Object.keys(found).length === 0 && error instanceof ApiError
          ? error.message
          : timesheetTexts.errorCorrecting,
      );
      notify('error', timesheetTexts.errorCorrecting);
    }
  };

  const shown = last;
  const planned = shown
    ? visitTexts.timeRange(
        clockText(shown.plannedStart, timeZone),
        clockText(shown.plannedEnd, timeZone, shown.localDate),
      )
    : '';

  return (
    <FormDialog
      open={row !== null}
      titleId={titleId}
      title={timesheetTexts.correctTitle}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onClose={onClose}
      busy={correct.isPending}
      cancelLabel={timesheetTexts.cancel}
      submitLabel={timesheetTexts.save}
    >
      {shown && (
        <Typography sx={{ mb: 2 }}>
          {timesheetTexts.correctIntro(
            shown.patientName,
            shortDate(shown.localDate),
            planned,
            timeZone,
          )}
        </Typography>
      )}
      {message && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {message}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <TextField
          type="datetime-local"
          label={timesheetTexts.checkInAt}
          name="checkInAt"
          value={values.checkInAt}
          onChange={set('checkInAt')}
          error={Boolean(errors.checkInAt)}
          helperText={errors.checkInAt}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="datetime-local"
          label={timesheetTexts.checkOutAt}
          name="checkOutAt"
          value={values.checkOutAt}
          onChange={set('checkOutAt')}
          error={Boolean(errors.checkOutAt)}
          helperText={errors.checkOutAt}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label={timesheetTexts.reason}
          name="reason"
          required
          multiline
          minRows={2}
          value={values.reason}
          onChange={set('reason')}
          error={Boolean(errors.reason)}
          helperText={errors.reason}
        />
      </Box>
    </FormDialog>
  );
}
