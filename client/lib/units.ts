import { useMemo } from 'react';
import type { VitalMeasurement } from '../../shared/messages.ts';
import { vitalSignLabels } from '../../shared/messages.ts';
import { vitalSignBounds } from '../../shared/constants.ts';
import {
  celsiusToFahrenheit,
  defaultUnits,
  fahrenheitToCelsius,
  MG_DL_PER_MMOL_L,
  mgDlToMmol,
  mmolToMgDl,
  type UnitSettings,
} from '../../shared/units.ts';
import type { Range } from '../../shared/vital-thresholds.ts';
import { useSession } from './auth.tsx';

/**
 * Vital signs in the signed-in user's units. The API keeps °C and mmol/L; temperatures and blood
 * glucose are converted here for showing and back for saving, by the user's settings.
 */

/** The units of the signed-in user (the defaults for a guest). */
export function useUnits(): UnitSettings {
  const { user } = useSession();
  const temperatureUnit = user?.settings.temperatureUnit ?? defaultUnits.temperatureUnit;
  const glucoseUnit = user?.settings.glucoseUnit ?? defaultUnits.glucoseUnit;
  // One object while the settings stay: components memoize on it.
  return useMemo(() => ({ temperatureUnit, glucoseUnit }), [temperatureUnit, glucoseUnit]);
}

/** The unit a measurement is shown in: '°F', 'mg/dL', 'mmHg', '' for pain. */
export function unitOf(measurement: VitalMeasurement, units: UnitSettings): string {
  if (measurement === 'temperatureC') return units.temperatureUnit === 'F' ? '°F' : '°C';
  if (measurement === 'glucoseMmolL') return units.glucoseUnit;
  return vitalSignLabels[measurement].unit;
}

/** "Temperature (°F)", "Pain (0-10)": a field's or a chart's name with its unit. */
export function labelWithUnit(measurement: VitalMeasurement, units: UnitSettings): string {
  return `${vitalSignLabels[measurement].label} (${unitOf(measurement, units) || '0-10'})`;
}

/** How many decimals a measurement has in the user's unit (mg/dL are whole, °F one decimal). */
export function decimalsOf(measurement: VitalMeasurement, units: UnitSettings): 0 | 1 {
  if (measurement === 'glucoseMmolL' && units.glucoseUnit === 'mg/dL') return 0;
  return vitalSignBounds[measurement].decimals;
}

/** Whether the user sees this measurement in another unit than the stored one. */
export function isConverted(measurement: VitalMeasurement, units: UnitSettings): boolean {
  return (
    (measurement === 'temperatureC' && units.temperatureUnit === 'F') ||
    (measurement === 'glucoseMmolL' && units.glucoseUnit === 'mg/dL')
  );
}

/** A stored value (°C, mmol/L) in the user's unit. */
export function toShown(measurement: VitalMeasurement, stored: number, units: UnitSettings) {
  if (!isConverted(measurement, units)) return stored;
  return measurement === 'temperatureC' ? celsiusToFahrenheit(stored) : mmolToMgDl(stored);
}

/** A value in the user's unit back in the stored unit (98.6 °F -> 37.0 °C). */
export function toStored(measurement: VitalMeasurement, shown: number, units: UnitSettings) {
  if (!isConverted(measurement, units)) return shown;
  return measurement === 'temperatureC' ? fahrenheitToCelsius(shown) : mgDlToMmol(shown);
}

/** A stored value as the user reads it: "98.6", "99", "37.0", "72" (no unit). */
export function formatShown(
  measurement: VitalMeasurement,
  stored: number,
  units: UnitSettings,
): string {
  const shown = toShown(measurement, stored, units);
  // Temperatures and glucose always show their decimal ("37.0"); other values as entered.
  if (measurement === 'temperatureC' || measurement === 'glucoseMmolL') {
    return shown.toFixed(decimalsOf(measurement, units));
  }
  return String(shown);
}

/**
 * The physiological bounds of a measurement in the user's unit, narrowed to what converts back
 * within the stored bounds (30–43 °C is 86.0–109.4 °F; 1–40 mmol/L is 19–720 mg/dL).
 */
export function shownBounds(
  measurement: VitalMeasurement,
  units: UnitSettings,
): { min: number; max: number; decimals: 0 | 1 } {
  const { min, max } = vitalSignBounds[measurement];
  const decimals = decimalsOf(measurement, units);
  if (!isConverted(measurement, units)) return { min, max, decimals };
  const scale = 10 ** decimals;
  const exact = (stored: number) =>
    measurement === 'temperatureC' ? (stored * 9) / 5 + 32 : stored * MG_DL_PER_MMOL_L;
  return {
    min: Math.ceil(exact(min) * scale - 1e-9) / scale,
    max: Math.floor(exact(max) * scale + 1e-9) / scale,
    decimals,
  };
}

/** A range (stored units) in the user's unit, each bound rounded as the unit shows it. */
export function rangeShown(measurement: VitalMeasurement, range: Range, units: UnitSettings) {
  const convert = (v: number | null) => (v === null ? null : toShown(measurement, v, units));
  return { low: convert(range.low), high: convert(range.high) };
}
