/**
 * The ranges a patient's readings are checked against. Each measurement has a common clinical
 * range for older adults at home (the defaults, shown as such); a doctor may set the patient's
 * own. A reading outside its range is flagged in lists and charts and alerts the care team once.
 * Values are in the stored units (°C, mmol/L).
 */
import type { VitalMeasurement } from './messages.ts';
import { vitalSignTexts } from './messages.ts';

export interface Range {
  /** Below this is out of range; null: no lower bound. */
  low: number | null;
  /** Above this is out of range; null: no upper bound. */
  high: number | null;
}

/** Common clinical ranges; weight has none (it depends on the patient). */
export const defaultVitalRanges: Record<VitalMeasurement, Range> = {
  systolic: { low: 90, high: 140 },
  diastolic: { low: 60, high: 90 },
  pulse: { low: 50, high: 100 },
  respiratoryRate: { low: 12, high: 20 },
  temperatureC: { low: 36, high: 37.8 },
  spo2: { low: 94, high: null },
  glucoseMmolL: { low: 4, high: 10 },
  weightKg: { low: null, high: null },
  pain: { low: null, high: 3 },
};

/** A patient's range for one measurement, and whether it is the default. */
export interface PatientRange extends Range {
  isDefault: boolean;
}
export type PatientRanges = Record<VitalMeasurement, PatientRange>;

/** The patient's ranges: their own where a doctor set one, the default elsewhere. */
export function rangesWith(own: Partial<Record<VitalMeasurement, Range>>): PatientRanges {
  return Object.fromEntries(
    (Object.keys(defaultVitalRanges) as VitalMeasurement[]).map((m) => {
      const set = own[m];
      return [
        m,
        set ? { ...set, isDefault: false } : { ...defaultVitalRanges[m], isDefault: true },
      ];
    }),
  ) as PatientRanges;
}

/** One measurement of a reading outside its range. */
export interface OutOfRange {
  measurement: VitalMeasurement;
  value: number;
  low: number | null;
  high: number | null;
}

/** The measurements of `reading` outside `ranges`, in the order of the ranges. */
export function outOfRange(
  reading: Partial<Record<VitalMeasurement, number | null | undefined>>,
  ranges: Record<VitalMeasurement, Range>,
): OutOfRange[] {
  const found: OutOfRange[] = [];
  for (const measurement of Object.keys(ranges) as VitalMeasurement[]) {
    const value = reading[measurement];
    if (value === null || value === undefined) continue;
    const { low, high } = ranges[measurement];
    if ((low !== null && value < low) || (high !== null && value > high)) {
      found.push({ measurement, value, low, high });
    }
  }
  return found;
}

/** "50–100", "≥ 94", "≤ 3" or "any": a range in words, without its unit. */
export function rangeText({ low, high }: Range): string {
  if (low !== null && high !== null) return `${low}–${high}`;
  if (low !== null) return `≥ ${low}`;
  if (high !== null) return `≤ ${high}`;
  return vitalSignTexts.anyValue;
}
