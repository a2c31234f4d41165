import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box } from '@mui/material';
import { useMemo } from 'react';
import { useFormState, type Control, type FieldErrors, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  offlineTexts,
  vitalSignLabels,
  vitalSignTexts,
  type VitalMeasurement,
} from '../../../shared/messages.ts';
import { formatDateTime, fromDateTimeLocal, toDateTimeLocal } from '../../../shared/format.ts';
import {
  vitalSignInputSchema,
  type VitalSign,
  type VitalSignFormValues,
  type VitalSignInput,
} from '../../../shared/schemas/vital-signs.ts';
import { vitalMeasurements } from '../../../shared/constants.ts';
import type { UnitSettings } from '../../../shared/units.ts';
import {
  isConverted,
  labelWithUnit,
  shownBounds,
  toShown,
  toStored,
  unitOf,
  useUnits,
} from '../../lib/units.ts';
import { keptPatientName } from '../../lib/prefetch-for-offline.ts';
import { RecordFormDialog, useClinicalRecordForm } from './record-form-dialog.tsx';
import { TextInput } from './record-fields.tsx';
import type { RecordFormDialogComponentProps } from './record-section.tsx';

// As the shared schema reads a form's text: '' is not measured, only a plain decimal is a number.
const plainDecimal = /^-?\d{1,6}(\.\d{1,6})?$/;
const readShown = (v: unknown): unknown => {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return undefined;
  return typeof v === 'string' && plainDecimal.test(v) ? Number(v) : v;
};
const hasDecimals = (value: number, decimals: number): boolean => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** One measurement typed in the user's unit (°F, mg/dL): its bounds and message in that unit. */
function shownMeasurement(name: VitalMeasurement, units: UnitSettings) {
  const { min, max, decimals } = shownBounds(name, units);
  const message = vitalSignTexts.outOfRangeIn(
    vitalSignLabels[name].label,
    min,
    max,
    unitOf(name, units),
    decimals,
  );
  return z.preprocess(
    readShown,
    z
      .number({ message })
      .min(min, message)
      .max(max, message)
      .refine((v) => hasDecimals(v, decimals), message)
      .optional(),
  );
}

const baseResolver = zodResolver(vitalSignInputSchema);

/**
 * The shared schema's resolver, in the user's units: a temperature in °F or a glucose in mg/dL
 * is checked against its bounds in that unit, then converted to °C / mmol/L, and the whole
 * reading goes through the shared schema, so every other rule and message stays the server's.
 */
export function unitResolver(
  units: UnitSettings,
): Resolver<VitalSignFormValues, unknown, VitalSignInput> {
  const converted = vitalMeasurements.filter((name) => isConverted(name, units));
  if (converted.length === 0) return baseResolver;
  const fields = Object.fromEntries(converted.map((name) => [name, shownMeasurement(name, units)]));
  return async (values, context, options) => {
    const unitErrors: FieldErrors<VitalSignFormValues> = {};
    const stored: Record<string, unknown> = { ...values };
    for (const name of converted) {
      const result = fields[name]!.safeParse(values[name]);
      if (!result.success) {
        unitErrors[name] = { type: 'unit', message: result.error.issues[0]?.message };
      } else if (typeof result.data === 'number') {
        stored[name] = String(toStored(name, result.data, units));
      }
    }
    const answer = await baseResolver(stored as VitalSignFormValues, context, options);
    if (Object.keys(unitErrors).length === 0) return answer;
    return { values: {}, errors: { ...answer.errors, ...unitErrors } };
  };
}

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

/**
 * Adds or corrects one reading of the patient whose page it is on. Temperature and blood glucose
 * are typed in the user's units ('Temperature (°F)') and saved in °C and mmol/L.
 */
export function VitalSignFormDialog({
  patientId,
  ...props
}: RecordFormDialogComponentProps<VitalSign> & { patientId: number }) {
  const units = useUnits();
  const resolver = useMemo(() => unitResolver(units), [units]);
  const queryClient = useQueryClient();
  const { control, dialogProps } = useClinicalRecordForm<
    VitalSign,
    VitalSignFormValues,
    VitalSignInput,
    VitalSignInput
  >({
    type: 'vital-sign',
    dialog: props,
    resolver,
    fromRecord: (record) => ({
      patientId: record.patientId,
      takenAt: toDateTimeLocal(record.takenAt),
      ...Object.fromEntries(
        vitalMeasurements.map((name) => {
          const value = record[name];
          return [name, value === null ? '' : String(toShown(name, value, units))];
        }),
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
    offline: {
      kind: 'vitalSign',
      label: (body) =>
        offlineTexts.vitalSignLabel(
          keptPatientName(queryClient, body.patientId),
          formatDateTime(body.takenAt),
        ),
      refs: (body) => ({ patientId: body.patientId }),
    },
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
          <TextInput
            key={name}
            control={control}
            name={name}
            label={labelWithUnit(name, units)}
            type="number"
          />
        ))}
      </Box>
      <TextInput control={control} name="note" label="Note" multiline />
      <ReadingMessage control={control} />
    </RecordFormDialog>
  );
}
