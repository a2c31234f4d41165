import { eq } from 'drizzle-orm';
import { thresholdTexts, type VitalMeasurement } from '../../../shared/messages.ts';
import { outOfRange, rangesWith, type Range } from '../../../shared/vital-thresholds.ts';
import { findingsText } from '../../features/clinical-common/vital-ranges.ts';
import type { Executor } from '../client.ts';
import {
  allergies,
  auditLog,
  conditions,
  notifications,
  patients,
  vitalThresholds,
} from '../schema/index.ts';
import { insertAll, type AgencyRows, type ChartRows, type PatientContext } from './agency.ts';
import { DAY, MINUTE, daysBefore, isoDate } from './calendar.ts';
import type { Random } from './random.ts';
import { makeUnusual, UNUSUAL_KINDS } from './vital-signs.ts';
import type { Condition } from './vocabulary.ts';

/**
 * The chart draws from a generator of its own, seeded from the agency's seed: adding it changed
 * no other draw, so the rest of the demo agency is the one it was before it.
 */
export const chartSeed = (agencySeed: number): number => (agencySeed ^ 0x63686172) >>> 0;

/** Long-standing problems of older people, besides those their visits are about. */
const otherChronic = [
  'Hearing loss',
  'Cataract',
  'Gout',
  'Glaucoma',
  'Macular degeneration',
  'Peripheral neuropathy',
  'Dementia',
];

/** Problems that came and went: on the list as resolved. */
const pastProblems = [
  { name: 'Pneumonia', note: 'Antibiotics at home; chest clear at review.' },
  { name: 'Fractured wrist', note: 'After a fall; cast removed, full movement back.' },
  { name: 'Shingles', note: 'Antiviral course; rash healed.' },
  { name: 'Cellulitis of the leg', note: 'Antibiotic course; healed.' },
  { name: 'Iron deficiency anaemia', note: 'Iron tablets for three months; blood count normal.' },
  { name: 'Urinary tract infection', note: 'Antibiotic course; no symptoms since.' },
  { name: 'Dehydration', note: 'Fluids at home during the summer heat; recovered.' },
];

/** Substances older patients are often allergic to, none of them prescribed in the demo. */
const allergens = [
  { substance: 'Penicillin', reactions: ['Rash and itching', 'Hives', 'Swelling of the face'] },
  { substance: 'Sulfa drugs', reactions: ['Rash', 'Fever and rash'] },
  { substance: 'Latex', reactions: ['Itchy skin where gloves touched', 'Contact dermatitis'] },
  { substance: 'Shellfish', reactions: ['Swollen lips and vomiting', 'Hives'] },
  { substance: 'Aspirin', reactions: ['Wheezing', 'Stomach bleeding'] },
  { substance: 'Codeine', reactions: ['Nausea and vomiting', 'Confusion'] },
  { substance: 'Ibuprofen', reactions: ['Stomach pain', 'Wheezing'] },
  { substance: 'Peanuts', reactions: ['Throat swelling (anaphylaxis)'] },
  { substance: 'Adhesive plasters', reactions: ['Blistering under the plaster'] },
];

/** Ranges a doctor sets for a patient with a condition, wider than the common ones. */
const rangesFor: Record<string, Partial<Record<VitalMeasurement, Range>>> = {
  'Chronic obstructive pulmonary disease': { spo2: { low: 90, high: null } },
  'Atrial fibrillation': { pulse: { low: 50, high: 110 } },
  Hypertension: { systolic: { low: 100, high: 150 } },
  'Type 2 diabetes': { glucoseMmolL: { low: 4, high: 12 } },
};

type Reading = AgencyRows['readings'][number];

/** The middle of the patient's weights, for a heart failure patient's weight range. */
function usualWeight(readings: Reading[]): number | null {
  const weights = readings
    .map((r) => r.weightKg)
    .filter((w): w is number => typeof w === 'number')
    .sort((a, b) => a - b);
  return weights.length ? weights[Math.floor(weights.length / 2)]! : null;
}

const audit = (
  p: PatientContext,
  at: Date,
  action: 'create' | 'update',
  entity: string,
  entityId: number | null = null,
) => ({
  at,
  userId: p.doctor.id,
  role: 'doctor',
  action,
  entity,
  entityId: entityId === null ? null : String(entityId),
  patientId: p.patientId,
  outcome: 'success',
  ip: '127.0.0.1',
});

/** The problem list: the conditions the visits are about, now and then another, and past ones. */
function addProblems(p: PatientContext, random: Random, own: Condition[], chart: ChartRows): void {
  const { now } = p.agency;
  const year = now.getUTCFullYear();
  const names = own.map((c) => c.diagnosis);
  const extra = random.pick(otherChronic);
  const hasMemoryProblem = names.includes('Mild cognitive impairment');
  if (random.chance(0.3) && !names.includes(extra) && !(extra === 'Dementia' && hasMemoryProblem)) {
    names.push(extra);
  }
  const problems = names.map((name) => ({
    name,
    onset: random.chance(0.8)
      ? `${year - random.int(1, 12)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`
      : null,
    status: 'active',
    note: '',
  }));
  const past = random.pick(pastProblems);
  if (random.chance(0.5) && !names.includes(past.name)) {
    problems.push({
      name: past.name,
      onset: isoDate(daysBefore(now, random.int(120, 900))),
      status: 'resolved',
      note: past.note,
    });
  }
  for (const problem of problems) {
    // Listed by the doctor since the patient joined the agency (40 to 90 days ago).
    const at = daysBefore(now, random.int(5, 38));
    chart.problems.push({
      patientId: p.patientId,
      ...problem,
      recordedBy: p.doctor.id,
      createdAt: at,
      updatedAt: at,
    });
    chart.audits.push(audit(p, at, 'create', 'condition'));
  }
}

/** Allergies for about a third of the patients, no known allergies for another, the rest unasked. */
function addAllergies(p: PatientContext, random: Random, chart: ChartRows, always: boolean): void {
  const { now } = p.agency;
  const draw = random.next();
  const at = daysBefore(now, random.int(5, 38));
  if (always || draw < 1 / 3) {
    for (const allergen of random.sample(allergens, random.chance(0.3) ? 2 : 1)) {
      chart.allergies.push({
        patientId: p.patientId,
        substance: allergen.substance,
        reaction: random.pick(allergen.reactions),
        onset: random.chance(0.4) ? `${now.getUTCFullYear() - random.int(5, 50)}-01-01` : null,
        status: 'active',
        recordedBy: p.doctor.id,
        createdAt: at,
        updatedAt: at,
      });
      chart.audits.push(audit(p, at, 'create', 'allergy'));
    }
  } else if (draw < 2 / 3) {
    chart.noKnownAllergies.push({ patientId: p.patientId, at, by: p.doctor.id });
    chart.audits.push(audit(p, at, 'update', 'patient', p.patientId));
  }
}

/** The doctor's own ranges for some of the patients whose conditions call for them. */
function addRanges(
  p: PatientContext,
  random: Random,
  own: Condition[],
  readings: Reading[],
  chart: ChartRows,
): Partial<Record<VitalMeasurement, Range>> {
  const set: Partial<Record<VitalMeasurement, Range>> = {};
  for (const condition of own) Object.assign(set, rangesFor[condition.diagnosis]);
  const weight = usualWeight(readings);
  if (weight !== null && own.some((c) => c.diagnosis === 'Chronic heart failure')) {
    set.weightKg = { low: Math.round(weight - 3), high: Math.round(weight + 3) };
  }
  if (Object.keys(set).length === 0 || !random.chance(0.3)) return {};
  const at = daysBefore(p.agency.now, random.int(10, 38));
  for (const [measurement, range] of Object.entries(set)) {
    chart.ranges.push({
      patientId: p.patientId,
      measurement,
      ...range,
      setBy: p.doctor.id,
      updatedAt: at,
    });
  }
  chart.audits.push(audit(p, at, 'update', 'vital-ranges', p.patientId));
  return set;
}

/**
 * A handful of the patient's readings outside their ranges (a few of the usual ones are made
 * unusual where the patient has fewer), each alerted when it was entered: the care team's
 * doctor and the caregiver who took it were told, and have dismissed the older notices.
 */
function addAlerts(
  p: PatientContext,
  random: Random,
  own: Partial<Record<VitalMeasurement, Range>>,
  readings: Reading[],
  chart: ChartRows,
): void {
  if (readings.length === 0) return;
  const { now } = p.agency;
  const ranges = rangesWith(own);
  const home = (r: Reading) => p.account !== null && r.recordedBy === p.account.id;
  const flagged = (r: Reading) => outOfRange(r as Parameters<typeof outOfRange>[0], ranges);
  const calm = readings.filter((r) => flagged(r).length === 0);
  const wanted = random.int(2, 4) - (readings.length - calm.length);
  for (const reading of random.sample(calm, Math.max(0, wanted))) {
    Object.assign(reading, makeUnusual(reading, random.int(0, UNUSUAL_KINDS - 1), home(reading)));
  }
  const name = `${p.person.firstName} ${p.person.lastName}`;
  const caregivers = new Set(p.team.map((c) => c.id));
  for (const reading of readings) {
    const findings = flagged(reading);
    if (findings.length === 0) continue;
    const at = reading.takenAt as Date;
    reading.alertedAt = at;
    const message = thresholdTexts.alert(name, findingsText(findings));
    const told = [p.doctor.id, ...(caregivers.has(reading.recordedBy) ? [reading.recordedBy] : [])];
    for (const userId of told) {
      const old = now.getTime() - at.getTime() > 14 * DAY;
      const dismissed = random.chance(old ? 0.95 : 0.5);
      chart.alerts.push({
        userId,
        message,
        kind: 'vital-sign',
        link: `/patients/${p.patientId}`,
        createdAt: at,
        dismissedAt: dismissed
          ? new Date(Math.min(at.getTime() + random.int(20, 1440) * MINUTE, now.getTime()))
          : null,
      });
    }
  }
}

/**
 * The patient's chart beyond the visits: problem list, allergies (or none known), the doctor's
 * own ranges, and the alerts of the readings outside them. Runs after the patient's readings
 * are drawn; `readings` are the patient's own, changed in place where one becomes unusual.
 */
export function addChart(
  p: PatientContext,
  random: Random,
  options: { conditions: Condition[]; readings: Reading[]; withAllergy: boolean },
): void {
  const { chart } = p.agency.rows;
  addProblems(p, random, options.conditions, chart);
  addAllergies(p, random, chart, options.withAllergy);
  const own = addRanges(p, random, options.conditions, options.readings, chart);
  addAlerts(p, random, own, options.readings, chart);
}

/** Inserts the charts' rows, after every other row of the agency. */
export async function insertChartRows(tx: Executor, chart: ChartRows): Promise<void> {
  await insertAll(tx, conditions, chart.problems);
  await insertAll(tx, allergies, chart.allergies);
  await insertAll(tx, vitalThresholds, chart.ranges);
  for (const entry of chart.noKnownAllergies) {
    await tx
      .update(patients)
      .set({ noKnownAllergiesAt: entry.at, noKnownAllergiesBy: entry.by })
      .where(eq(patients.id, entry.patientId));
  }
  await insertAll(tx, notifications, chart.alerts);
  await insertAll(tx, auditLog, chart.audits);
}
