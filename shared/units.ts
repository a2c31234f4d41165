/**
 * The units a user may see temperatures and blood glucose in. The database and the API keep
 * °C and mmol/L; the client converts for showing and entering, by the user's settings.
 */
export const temperatureUnits = ['C', 'F'] as const;
export type TemperatureUnit = (typeof temperatureUnits)[number];
export const glucoseUnits = ['mmol/L', 'mg/dL'] as const;
export type GlucoseUnit = (typeof glucoseUnits)[number];

export interface UnitSettings {
  temperatureUnit: TemperatureUnit;
  glucoseUnit: GlucoseUnit;
}
export const defaultUnits: UnitSettings = { temperatureUnit: 'C', glucoseUnit: 'mmol/L' };

/** A stored unit, or the default when the column holds anything else. */
export const readTemperatureUnit = (unit: string): TemperatureUnit => (unit === 'F' ? 'F' : 'C');
export const readGlucoseUnit = (unit: string): GlucoseUnit =>
  unit === 'mg/dL' ? 'mg/dL' : 'mmol/L';

/** mg/dL of glucose per mmol/L (molar mass 180.16 g/mol). */
export const MG_DL_PER_MMOL_L = 18.016;

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};

/** °C to °F, one decimal (37.0 -> 98.6). */
export const celsiusToFahrenheit = (c: number): number => round((c * 9) / 5 + 32, 1);
/** °F to °C, one decimal, as stored (98.6 -> 37.0). */
export const fahrenheitToCelsius = (f: number): number => round(((f - 32) * 5) / 9, 1);
/** mmol/L to mg/dL, whole (5.5 -> 99). */
export const mmolToMgDl = (mmol: number): number => round(mmol * MG_DL_PER_MMOL_L, 0);
/** mg/dL to mmol/L, one decimal, as stored (99 -> 5.5). */
export const mgDlToMmol = (mgDl: number): number => round(mgDl / MG_DL_PER_MMOL_L, 1);
