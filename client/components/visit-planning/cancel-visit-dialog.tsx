import {
  Box,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useEffect, useId } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { rotaTexts } from '../../../shared/messages.ts';
import { visitCancelSchema, type ApplyTo } from '../../../shared/schemas/visits.ts';
import { FormDialog, FormTextField } from '../form-dialog.tsx';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { useCancelVisit } from './api/cancel-visit.ts';

interface Values {
  reason: string;
  applyTo: ApplyTo | '';
}

const resolver: Resolver<Values> = (values) => {
  const parsed = visitCancelSchema.safeParse(values);
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<Values> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0];
    if ((name === 'reason' || name === 'applyTo') && !errors[name]) {
      errors[name] = { type: 'schema', message: issue.message };
    }
  }
  return { values: {}, errors };
};

/** The visit being cancelled: its id, what it is (for the words) and whether it repeats. */
export interface CancelTarget {
  id: number;
  description: string;
  seriesId: number | null;
}

/**
 * "Cancel visit": a reason (required) and, for a visit of a weekly series, the explicit choice
 * of this visit only or this and the following ones.
 */
export function CancelVisitDialog({
  target,
  onClose,
}: {
  target: CancelTarget | null;
  onClose(): void;
}) {
  const cancel = useCancelVisit();
  const legendId = useId();
  const inSeries = target?.seriesId != null;
  const form = useForm<Values>({ resolver, defaultValues: { reason: '', applyTo: 'one' } });
  const { control, handleSubmit, reset, setError } = form;
  useEffect(() => {
    if (target) reset({ reason: '', applyTo: target.seriesId === null ? 'one' : '' });
  }, [target, reset]);

  const submit = handleSubmit(async (values) => {
    if (!target) return;
    try {
      await cancel.mutateAsync({
        id: target.id,
        body: { reason: values.reason, applyTo: values.applyTo as ApplyTo },
      });
      notify('success', rotaTexts.cancelled);
      onClose();
    } catch (error) {
      const shown = showServerFieldErrors(error, ['reason', 'applyTo'], setError, { focus: true });
      notify('error', !shown && error instanceof Error ? error.message : rotaTexts.errorCancelling);
    }
  });

  return (
    <FormDialog
      open={target !== null}
      titleId="cancel-visit-title"
      title={rotaTexts.cancelTitle}
      onSubmit={submit}
      onClose={onClose}
      busy={cancel.isPending}
      cancelLabel={rotaTexts.back}
      submitLabel={rotaTexts.confirmCancel}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {target && <Typography>{target.description}</Typography>}
        <FormTextField
          control={control}
          name="reason"
          label={rotaTexts.reason}
          required
          multiline
          minRows={2}
        />
        {inSeries && (
          <Controller
            control={control}
            name="applyTo"
            render={({ field, fieldState }) => (
              <FormControl component="fieldset" error={Boolean(fieldState.error)} required>
                <FormLabel component="legend" id={legendId}>
                  {rotaTexts.applyToLegend}
                </FormLabel>
                <FormHelperText sx={{ mx: 0 }}>{rotaTexts.applyToHelp}</FormHelperText>
                <RadioGroup
                  aria-labelledby={legendId}
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  <FormControlLabel
                    value="one"
                    control={<Radio slotProps={{ input: { ref: field.ref } }} />}
                    label={rotaTexts.applyToOne}
                    sx={{ minHeight: 44 }}
                  />
                  <FormControlLabel
                    value="following"
                    control={<Radio />}
                    label={rotaTexts.applyToFollowing}
                    sx={{ minHeight: 44 }}
                  />
                </RadioGroup>
                {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
              </FormControl>
            )}
          />
        )}
      </Box>
    </FormDialog>
  );
}
