import { inArray } from 'drizzle-orm';
import {
  thresholdTexts,
  vitalSignLabels,
  type VitalMeasurement,
} from '../../../shared/messages.ts';
import { vitalMeasurements } from '../../../shared/constants.ts';
import {
  celsiusToFahrenheit,
  defaultUnits,
  mmolToMgDl,
  type UnitSettings,
} from '../../../shared/units.ts';
import {
  rangesWith,
  rangeText,
  type OutOfRange,
  type PatientRanges,
  type Range,
} from '../../../shared/vital-thresholds.ts';
import type { Executor } from '../../db/client.ts';
import { vitalThresholds } from '../../db/schema/index.ts';

/** The columns a patient's ranges are read from. */
export const thresholdColumns = {
  patientId: vitalThresholds.patientId,
  measurement: vitalThresholds.measurement,
  low: vitalThresholds.low,
  high: vitalThresholds.high,
};

/** Each patient's ranges from the threshold rows read for them (`thresholdColumns`). */
export function rangesFromRows(
  patientIds: readonly number[],
  rows: readonly {
    patientId: number;
    measurement: string;
    low: number | null;
    high: number | null;
  }[],
): Map<number, PatientRanges> {
  const own = new Map<number, Partial<Record<VitalMeasurement, Range>>>();
  for (const row of rows) {
    if (!(vitalMeasurements as string[]).includes(row.measurement)) continue;
    const ranges = own.get(row.patientId) ?? {};
    ranges[row.measurement as VitalMeasurement] = { low: row.low, high: row.high };
    own.set(row.patientId, ranges);
  }
  return new Map(patientIds.map((id) => [id, rangesWith(own.get(id) ?? {})]));
}

/**
 * The ranges of each patient: the doctor's own where set, the common clinical range elsewhere,
 * in one query whatever the number of patients. Shared by the readings' alerts, the chart and
 * the ranges' own calls. The caller checks the scope first.
 */
export async function loadPatientRanges(
  db: Executor,
  patientIds: readonly number[],
): Promise<Map<number, PatientRanges>> {
  const rows = patientIds.length
    ? await db
        .select(thresholdColumns)
        .from(vitalThresholds)
        .where(inArray(vitalThresholds.patientId, [...new Set(patientIds)]))
    : [];
  return rangesFromRows(patientIds, rows);
}

/** In the reader's units: °C or °F, mmol/L or mg/dL (values and ranges are stored in °C, mmol/L). */
function shown(measurement: VitalMeasurement, units: UnitSettings) {
  if (measurement === 'temperatureC' && units.temperatureUnit === 'F') {
    return { unit: '°F', convert: celsiusToFahrenheit };
  }
  if (measurement === 'glucoseMmolL' && units.glucoseUnit === 'mg/dL') {
    return { unit: 'mg/dL', convert: mmolToMgDl };
  }
  return { unit: vitalSignLabels[measurement].unit as string, convert: (v: number) => v };
}

// "Pulse" reads "pulse" inside a sentence; "SpO2" stays as it is.
const inSentence = (label: string) =>
  /^[A-Z][a-z]*(\s|$)/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;

/**
 * The values of a reading outside their ranges in words, each with its unit and range, e.g.
 * "pulse 128 /min (range 50–100 /min), SpO2 88 % (range ≥ 94 %)": the body of an alert.
 */
export function findingsText(
  findings: readonly OutOfRange[],
  units: UnitSettings = defaultUnits,
): string {
  return findings
    .map(({ measurement, value, low, high }) => {
      const { unit, convert } = shown(measurement, units);
      const withUnit = (text: string) => (unit ? `${text} ${unit}` : text);
      const range = rangeText({
        low: low === null ? null : convert(low),
        high: high === null ? null : convert(high),
      });
      return thresholdTexts.finding(
        inSentence(vitalSignLabels[measurement].label),
        withUnit(String(convert(value))),
        withUnit(range),
      );
    })
    .join(', ');
}
