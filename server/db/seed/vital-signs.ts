import type { PatientContext, Staff } from './agency.ts';
import { slot } from './calendar.ts';
import type { Random } from './random.ts';

/** How far back the demo's readings go: enough for a chart of the last 90 days. */
const WEEKS = 13;

/**
 * The vitals draw from a generator of their own, seeded from the agency's seed: adding them
 * changed no other draw, so the rest of the demo agency is the one it was before them.
 */
export const vitalSignsSeed = (agencySeed: number): number => (agencySeed ^ 0x76697461) >>> 0;

/** One patient's usual values, around which their readings vary. */
interface Baseline {
  systolic: number;
  diastolic: number;
  pulse: number;
  respiratoryRate: number;
  temperatureC: number;
  spo2: number;
  weightKg: number;
  /** Set for the patients whose glucose is checked (diabetes). */
  glucoseMmolL: number | null;
  pain: number;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const around = (random: Random, value: number, spread: number) =>
  value + random.int(-spread, spread);
const aroundTenths = (random: Random, value: number, spreadTenths: number) =>
  oneDecimal(value + random.int(-spreadTenths, spreadTenths) / 10);

/**
 * Usual values far enough inside the common clinical ranges (shared/vital-thresholds.ts) that a
 * reading's spread stays inside them too: only the unusual readings below are out of range, a
 * handful per patient, as a chart and the alerts should show. Each bound is one draw whatever
 * its span, so the draws, and the rest of the demo, are those of wider baselines.
 */
function baselineOf(random: Random): Baseline {
  return {
    systolic: random.int(108, 131),
    diastolic: random.int(67, 84),
    pulse: random.int(58, 88),
    respiratoryRate: random.int(14, 18),
    temperatureC: oneDecimal(36.3 + random.int(0, 6) / 10),
    spo2: random.int(96, 98),
    weightKg: oneDecimal(random.int(480, 950) / 10),
    glucoseMmolL: random.chance(0.3) ? oneDecimal(random.int(55, 85) / 10) : null,
    pain: random.int(0, 2),
  };
}

/** The kinds of unusual reading: each is out of the common range, and of every demo patient's. */
export const UNUSUAL_KINDS = 5;

/**
 * Turns a reading into an unusual one of the given kind (0 to UNUSUAL_KINDS - 1), within every
 * bound the API accepts: what a chart's range bands and the alerts are there to show. A home
 * reading (blood pressure, pulse and weight) takes only the kinds it measures.
 */
export function makeUnusual(
  reading: { glucoseMmolL?: number | null },
  kind: number,
  home = false,
): Record<string, number | string> {
  if (home) {
    return kind % 2 === 0 ? { systolic: 178, diastolic: 104 } : { pulse: 46 };
  }
  switch (kind) {
    case 0:
      return { systolic: 178, diastolic: 104, note: 'Headache, rechecked later' };
    case 1:
      return { spo2: 88, respiratoryRate: 24, note: 'Short of breath on stairs' };
    case 2:
      return { temperatureC: 38.6, pulse: 104, note: 'Feverish, fluids given' };
    case 3:
      return { pulse: 46, note: 'Dizzy on standing' };
    default:
      return reading.glucoseMmolL !== null && reading.glucoseMmolL !== undefined
        ? { glucoseMmolL: 15.2, note: 'Large lunch' }
        : { pain: 8, note: 'Hip pain after a fall, doctor told' };
  }
}

/** A reading of the patient's usual values, or now and then one out of the ordinary. */
function readingOf(random: Random, b: Baseline, week: number, withWeight: boolean) {
  const systolic = around(random, b.systolic, 9);
  const reading = {
    systolic,
    diastolic: Math.min(around(random, b.diastolic, 6), systolic - 25),
    pulse: around(random, b.pulse, 8),
    respiratoryRate: random.chance(0.5) ? around(random, b.respiratoryRate, 2) : null,
    temperatureC: random.chance(0.7) ? aroundTenths(random, b.temperatureC, 3) : null,
    spo2: random.chance(0.8) ? Math.min(100, around(random, b.spo2, 2)) : null,
    glucoseMmolL: b.glucoseMmolL === null ? null : aroundTenths(random, b.glucoseMmolL, 15),
    // Weight drifts a little over the months.
    weightKg: withWeight ? aroundTenths(random, b.weightKg + (week % 5) * 0.1, 4) : null,
    pain: random.chance(0.6) ? Math.max(0, Math.min(10, around(random, b.pain, 1))) : null,
    note: '',
  };
  // Unusual, but within every bound: what a chart's range bands are there to show.
  if (random.chance(0.05)) Object.assign(reading, makeUnusual(reading, random.int(0, 4)));
  return reading;
}

/**
 * Two or three readings a week over the last three months for most patients, taken by the care
 * team's caregivers, sometimes the doctor, and for patients with an account now and then at home
 * (blood pressure and weight).
 */
export function addVitalSigns(p: PatientContext, random: Random): void {
  const { now, rows } = p.agency;
  const { patientId, doctor, team, account } = p;
  // Some patients have no readings yet: the chart's empty state is part of the demo.
  if (!random.chance(0.85)) return;
  const baseline = baselineOf(random);
  for (let week = 0; week < WEEKS; week += 1) {
    const days = random.sample([0, 1, 2, 3, 4, 5, 6], random.int(2, 3));
    for (const day of days) {
      const takenAt = slot(random, now, -(week * 7 + day), 7, 19);
      const home = account !== null && random.chance(0.15);
      const takenBy: Staff = home ? account! : random.chance(0.1) ? doctor : random.pick(team);
      const reading = readingOf(random, baseline, WEEKS - week, day === days[0]);
      if (takenAt.getTime() >= now.getTime()) continue;
      rows.readings.push({
        patientId,
        takenAt,
        ...(home
          ? {
              systolic: reading.systolic,
              diastolic: reading.diastolic,
              pulse: reading.pulse,
              weightKg: reading.weightKg,
              note: 'Home reading',
            }
          : reading),
        recordedBy: takenBy.id,
        createdAt: takenAt,
        updatedAt: takenAt,
      });
    }
  }
}
