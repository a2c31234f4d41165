import { z } from 'zod';
import { vitalMeasurements, vitalSignBounds } from '../constants.ts';
import { validation, vitalSignLabels, vitalSignTexts, type VitalMeasurement } from '../messages.ts';
import { clinicalDateTime, clinicalId, recordBaseSchema } from './clinical.ts';

export const NOTE_MAX = 1000;

// A form sends text: '' means not measured, and only a plain decimal reads as a number ('1e2',
// '0x40' and ' 72 ' stay text and are refused).
const plainDecimal = /^-?\d{1,6}(\.\d{1,6})?$/;
const readMeasurement = (v: unknown): unknown => {
  if (v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
  return typeof v === 'string' && plainDecimal.test(v) ? Number(v) : v;
};

/** Whether `value` has at most `decimals` digits after the point (36.6 is, 36.65 is not). */
const hasDecimals = (value: number, decimals: number): boolean => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** One optional measurement within its range; the message names the field, range and unit. */
const measurement = (name: VitalMeasurement) => {
  const { min, max, decimals } = vitalSignBounds[name];
  const message =
    decimals === 0
      ? vitalSignTexts.wholeNumberOutOfRange(name, min, max)
      : vitalSignTexts.decimalOutOfRange(name, min, max);
  const { unit } = vitalSignLabels[name];
  return z
    .preprocess(
      readMeasurement,
      z
        .number({ message })
        .min(min, message)
        .max(max, message)
        .refine((v) => hasDecimals(v, decimals), message)
        .optional(),
    )
    .describe(
      `Optional: ${min} to ${max}${unit ? ` ${unit}` : ''}` +
        (decimals ? ', one decimal' : ', whole number'),
    );
};

/** What POST /api/vital-signs and PUT /api/vital-signs/{id} accept; who took it is the caller. */
export const vitalSignInputSchema = z
  .object({
    patientId: clinicalId(validation.patientIdRequired),
    /** When the reading was taken, ISO 8601. */
    takenAt: clinicalDateTime(vitalSignTexts.takenAtRequired),
    systolic: measurement('systolic'),
    diastolic: measurement('diastolic'),
    pulse: measurement('pulse'),
    respiratoryRate: measurement('respiratoryRate'),
    temperatureC: measurement('temperatureC'),
    spo2: measurement('spo2'),
    glucoseMmolL: measurement('glucoseMmolL'),
    weightKg: measurement('weightKg'),
    pain: measurement('pain'),
    note: z
      .string()
      .trim()
      .max(NOTE_MAX, vitalSignTexts.noteTooLong(NOTE_MAX))
      .nullish()
      .transform((v) => v ?? ''),
  })
  .superRefine((reading, context) => {
    if (vitalMeasurements.every((name) => reading[name] === undefined)) {
      context.addIssue({ code: 'custom', message: vitalSignTexts.atLeastOneMeasurement });
      return;
    }
    const { systolic, diastolic } = reading;
    // A blood pressure is a pair: half of one cannot be charted or compared with a range.
    if ((systolic === undefined) !== (diastolic === undefined)) {
      context.addIssue({
        code: 'custom',
        message: vitalSignTexts.bloodPressureBoth,
        path: [systolic === undefined ? 'systolic' : 'diastolic'],
      });
    } else if (systolic !== undefined && diastolic !== undefined && diastolic >= systolic) {
      context.addIssue({
        code: 'custom',
        message: vitalSignTexts.diastolicBelowSystolic,
        path: ['diastolic'],
      });
    }
  });
export type VitalSignInput = z.infer<typeof vitalSignInputSchema>;
export type VitalSignFormValues = z.input<typeof vitalSignInputSchema>;

const measured = (description: string) => z.number().nullable().describe(description);

export const vitalSignSchema = recordBaseSchema.extend({
  /** ISO 8601 in UTC. */
  takenAt: z.string(),
  systolic: measured('mmHg'),
  diastolic: measured('mmHg'),
  pulse: measured('/min'),
  respiratoryRate: measured('/min'),
  temperatureC: measured('°C, one decimal'),
  spo2: measured('%'),
  glucoseMmolL: measured('mmol/L, one decimal'),
  weightKg: measured('kg, one decimal'),
  pain: measured('0 (none) to 10 (worst)'),
  note: z.string(),
  /** Who took it: the signed-in user who entered it (a caregiver, a doctor, the patient). */
  recordedBy: z.number(),
  recordedByName: z.string(),
  recordedByRole: z.string(),
});
export type VitalSign = z.infer<typeof vitalSignSchema>;
