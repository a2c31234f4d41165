import { zodResolver } from '@hookform/resolvers/zod';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Box, Button, Chip, TextField, Typography } from '@mui/material';
import { useEffect, useId, useMemo } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type Resolver,
  type UseFormClearErrors,
  type UseFormSetFocus,
  type UseFormSetValue,
} from 'react-hook-form';
import { z } from 'zod';
import {
  thresholdTexts,
  vitalSignLabels,
  type VitalMeasurement,
} from '../../../shared/messages.ts';
import type { VitalRangesInput } from '../../../shared/schemas/chart.ts';
import { vitalMeasurements } from '../../../shared/constants.ts';
import type { UnitSettings } from '../../../shared/units.ts';
import { defaultVitalRanges, type PatientRanges } from '../../../shared/vital-thresholds.ts';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import {
  labelWithUnit,
  rangeShown,
  shownBounds,
  toStored,
  unitOf,
  useUnits,
} from '../../lib/units.ts';
import { FormDialog } from '../form-dialog.tsx';
import { useSaveVitalRanges } from './api/save-vital-ranges.ts';

interface RowValues {
  low: string;
  high: string;
  /** The row follows the common clinical range (saved as null). */
  isDefault: boolean;
}
export interface RangesFormValues {
  ranges: Record<VitalMeasurement, RowValues>;
}

const textOf = (value: number | null): string => (value === null ? '' : String(value));

/** The form's rows from the patient's ranges, in the user's units. */
function formValuesOf(ranges: PatientRanges, units: UnitSettings): RangesFormValues {
  return {
    ranges: Object.fromEntries(
      vitalMeasurements.map((m) => {
        const shown = rangeShown(m, ranges[m], units);
        return [
          m,
          { low: textOf(shown.low), high: textOf(shown.high), isDefault: ranges[m].isDefault },
        ];
      }),
    ) as Record<VitalMeasurement, RowValues>,
  };
}

const plainDecimal = /^-?\d{1,6}(\.\d{1,6})?$/;

/** One bound typed in the user's unit: empty is open, else a number within the bounds. */
function shownBound(m: VitalMeasurement, units: UnitSettings) {
  const { min, max } = shownBounds(m, units);
  const message = thresholdTexts.boundOutOfRangeIn(
    vitalSignLabels[m].label,
    min,
    max,
    unitOf(m, units),
  );
  return z.preprocess(
    (v) =>
      typeof v === 'string' && v.trim() === ''
        ? null
        : typeof v === 'string' && plainDecimal.test(v.trim())
          ? Number(v.trim())
          : v,
    z.number({ message }).min(min, message).max(max, message).nullable(),
  );
}

/**
 * The dialog's rules in the user's units, giving the body of PUT /api/patients/{id}/vital-ranges
 * in stored units: a row left at the default is sent as null (back to the default).
 */
export function rangesFormSchema(units: UnitSettings) {
  const row = (m: VitalMeasurement) =>
    z
      .object({ low: shownBound(m, units), high: shownBound(m, units), isDefault: z.boolean() })
      .refine((r) => r.isDefault || r.low === null || r.high === null || r.low < r.high, {
        message: thresholdTexts.lowBelowHigh,
        path: ['high'],
      })
      .transform((r) =>
        r.isDefault
          ? null
          : {
              low: r.low === null ? null : toStored(m, r.low, units),
              high: r.high === null ? null : toStored(m, r.high, units),
            },
      );
  return z.object({
    ranges: z.object(
      Object.fromEntries(vitalMeasurements.map((m) => [m, row(m)])) as Record<
        VitalMeasurement,
        ReturnType<typeof row>
      >,
    ),
  });
}

const fieldNames = vitalMeasurements.flatMap((m) => [`ranges.${m}.low`, `ranges.${m}.high`]);

/** One measurement: its name, whether it is the default, its two bounds and its reset. */
function RangeRow({
  measurement,
  units,
  control,
  setValue,
  clearErrors,
  setFocus,
}: {
  measurement: VitalMeasurement;
  units: UnitSettings;
  control: Control<RangesFormValues, unknown, VitalRangesInput>;
  setValue: UseFormSetValue<RangesFormValues>;
  clearErrors: UseFormClearErrors<RangesFormValues>;
  setFocus: UseFormSetFocus<RangesFormValues>;
}) {
  const titleId = useId();
  const isDefault = useWatch({ control, name: `ranges.${measurement}.isDefault` });
  const label = labelWithUnit(measurement, units);
  const reset = () => {
    const shown = rangeShown(measurement, defaultVitalRanges[measurement], units);
    setValue(`ranges.${measurement}.low`, textOf(shown.low));
    setValue(`ranges.${measurement}.high`, textOf(shown.high));
    setValue(`ranges.${measurement}.isDefault`, true);
    clearErrors(`ranges.${measurement}`);
    // The reset button leaves with the row's own range: the focus goes to the row's first field.
    setFocus(`ranges.${measurement}.low`);
  };
  return (
    <Box
      role="group"
      aria-labelledby={titleId}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { border: 0 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={isDefault ? 'default' : 'primary'}
          label={isDefault ? thresholdTexts.isDefault : thresholdTexts.ownNote}
        />
        <Box sx={{ flexGrow: 1 }} />
        {!isDefault && (
          <Button
            size="small"
            startIcon={<RestartAltIcon aria-hidden="true" />}
            onClick={reset}
            aria-label={thresholdTexts.resetRow(vitalSignLabels[measurement].label)}
          >
            {thresholdTexts.resetToDefault}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
        {(['low', 'high'] as const).map((bound) => (
          <Controller
            key={bound}
            control={control}
            name={`ranges.${measurement}.${bound}`}
            render={({ field, fieldState }) => (
              <TextField
                label={bound === 'low' ? thresholdTexts.low : thresholdTexts.high}
                name={field.name}
                value={field.value}
                onChange={(event) => {
                  field.onChange(event);
                  setValue(`ranges.${measurement}.isDefault`, false);
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            )}
          />
        ))}
      </Box>
    </Box>
  );
}

/**
 * The patient's ranges, one row per measurement in the user's units, each the default or the
 * patient's own. Doctors set them; the server's field messages show under the fields.
 */
export function VitalRangesDialog({
  patientId,
  ranges,
  open,
  onClose,
}: {
  patientId: number;
  ranges: PatientRanges;
  open: boolean;
  onClose(): void;
}) {
  const units = useUnits();
  const titleId = useId();
  const save = useSaveVitalRanges(patientId);
  const schema = useMemo(() => rangesFormSchema(units), [units]);
  const form = useForm<RangesFormValues, unknown, VitalRangesInput>({
    // The schema reads the rows' text (z.input is unknown per bound) and gives the call's body.
    resolver: zodResolver(schema) as unknown as Resolver<
      RangesFormValues,
      unknown,
      VitalRangesInput
    >,
    defaultValues: formValuesOf(ranges, units),
  });
  const { reset, control, setValue, clearErrors, setError, setFocus } = form;

  useEffect(() => {
    if (open) reset(formValuesOf(ranges, units));
    // The form starts afresh each time it opens; a refetch while open keeps what is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, reset]);

  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
    } catch (error) {
      showServerFieldErrors(error, fieldNames, setError, { focus: true });
      notify('error', thresholdTexts.errorSaving);
      return;
    }
    notify('success', thresholdTexts.saved);
    onClose();
  });

  return (
    <FormDialog
      open={open}
      titleId={titleId}
      title={thresholdTexts.editTitle}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      busy={save.isPending}
      cancelLabel="Cancel"
      submitLabel="Save"
    >
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {thresholdTexts.dialogIntro}
      </Typography>
      {vitalMeasurements.map((m) => (
        <RangeRow
          key={m}
          measurement={m}
          units={units}
          control={control}
          setValue={setValue}
          clearErrors={clearErrors}
          setFocus={setFocus}
        />
      ))}
    </FormDialog>
  );
}
