import { asc, sql } from 'drizzle-orm';
import {
  addDays,
  givenOutcome,
  lateFrom,
  localParts,
  missedFrom,
  scheduledDoses,
  zonedInstant,
  type DoseWindows,
  type FixedSchedule,
} from '../../../shared/dose-schedule.ts';
import { doseTexts } from '../../../shared/messages.ts';
import type { DoseOutcome, DoseRoute, NotGivenReason } from '../../../shared/schemas/doses.ts';
import type { Executor } from '../client.ts';
import { rowsOf } from '../raw-rows.ts';
import { agencySettings, notifications, prescriptions } from '../schema/index.ts';
import type { AgencyRows, PatientContext, Staff } from './agency.ts';
import { DAY, MINUTE } from './calendar.ts';
import type { Random } from './random.ts';

/**
 * Medication rounds draw from a generator of their own, seeded from the agency's seed: adding
 * them changed no other draw, so the rest of the demo agency is the one it was before them.
 */
export const roundsSeed = (agencySeed: number): number => (agencySeed ^ 0x726f756e) >>> 0;

/** The demo agency's settings: its zone and the usual due and missed windows. */
export const DEMO_TIME_ZONE = 'Europe/London';
export const demoWindows: DoseWindows = { doseWindowMinutes: 60, doseMissedAfterMinutes: 240 };

/** How far back the recorded rounds go: a month, enough for the MAR and 30-day adherence. */
const HISTORY_DAYS = 30;

type ScriptRow = AgencyRows['scripts'][number];

/** What a medicine's schedule looks like on a prescription. */
interface Medicine {
  name: string;
  dosage: string;
  route: DoseRoute;
  instructions: string;
  details: string;
  /** Fixed times; absent for an as-needed medicine. */
  times?: string[];
  weekdays?: number[];
  /** A course: the prescription ends this many days after it starts. */
  courseDays?: number;
  prn?: { minInterval: number; maxPerDay: number; reasons: string[] };
}

/** The schedules of the medicines the conditions' prescriptions name (vocabulary.ts). */
const conditionSchedules: Record<string, Omit<Medicine, 'name' | 'dosage' | 'details'>> = {
  Amlodipine: { route: 'oral', instructions: 'With breakfast', times: ['08:00'] },
  Metformin: {
    route: 'oral',
    instructions: 'With food',
    times: ['08:00', '18:00'],
  },
  Paracetamol: {
    route: 'oral',
    instructions: 'No more than 3 g in 24 hours',
    courseDays: 30,
    prn: {
      minInterval: 240,
      maxPerDay: 3,
      reasons: ['Pain in left knee', 'Knee pain after a walk', 'Stiff knees in the morning'],
    },
  },
  Furosemide: {
    route: 'oral',
    instructions: 'In the morning',
    times: ['08:00'],
  },
  Apixaban: {
    route: 'oral',
    instructions: 'With a glass of water',
    times: ['08:00', '20:00'],
  },
  'Tiotropium inhaler': {
    route: 'inhaled',
    instructions: 'Rinse mouth after use',
    times: ['08:00'],
  },
  'Alendronic acid': {
    route: 'oral',
    instructions: 'Sitting upright, 30 minutes before breakfast',
    times: ['07:30'],
    weekdays: [1],
  },
  Levothyroxine: {
    route: 'oral',
    instructions: 'On an empty stomach',
    times: ['07:00'],
  },
  Melatonin: {
    route: 'oral',
    instructions: 'At bedtime',
    times: ['21:00'],
    courseDays: 28,
  },
  Nitrofurantoin: {
    route: 'oral',
    instructions: 'With food',
    times: ['08:00', '20:00'],
    courseDays: 5,
  },
  'Co-careldopa': {
    route: 'oral',
    instructions: 'At the same times every day',
    times: ['08:00', '13:00', '18:00'],
  },
  Sertraline: {
    route: 'oral',
    instructions: 'With breakfast',
    times: ['08:00'],
  },
  Atorvastatin: { route: 'oral', instructions: 'At night', times: ['21:00'] },
};

/** Everyday medicines of older people, besides those of the conditions (none an allergen of chart.ts). */
// prettier-ignore
const everyday: Medicine[] = [
  { name: 'Omeprazole', dosage: '20 mg once daily', route: 'oral', instructions: 'Before breakfast', details: 'For indigestion; review in three months.', times: ['07:30'] },
  { name: 'Colecalciferol', dosage: '20,000 units once a week', route: 'oral', instructions: 'With food, on Sundays', details: 'Vitamin D: low level on the last blood test.', times: ['08:00'], weekdays: [7] },
  { name: 'Bisoprolol', dosage: '2.5 mg once daily', route: 'oral', instructions: 'In the morning', details: 'Check pulse before giving; hold if below 50.', times: ['08:00'] },
  { name: 'Ramipril', dosage: '5 mg once daily', route: 'oral', instructions: 'In the morning', details: 'Kidney blood test in two weeks.', times: ['08:00'] },
  { name: 'Senna', dosage: '2 tablets three nights a week', route: 'oral', instructions: 'At bedtime', details: 'For constipation.', times: ['21:00'], weekdays: [1, 3, 5] },
  { name: 'Lactulose', dosage: '15 ml twice daily', route: 'oral', instructions: 'With a drink', details: 'Reduce if stools become loose.', times: ['08:00', '20:00'] },
  { name: 'Donepezil', dosage: '5 mg at night', route: 'oral', instructions: 'At bedtime', details: 'Memory clinic review in three months.', times: ['21:00'] },
  { name: 'Ferrous fumarate', dosage: '210 mg twice daily', route: 'oral', instructions: 'With food, not with tea', details: 'Iron for three months, then a blood test.', times: ['08:00', '13:00'], courseDays: 90 },
  { name: 'Calcium and vitamin D', dosage: '1 chewable tablet twice daily', route: 'oral', instructions: 'Chew; two hours apart from iron', details: 'Bone protection.', times: ['08:00', '20:00'] },
  { name: 'Gabapentin', dosage: '300 mg three times daily', route: 'oral', instructions: 'With food', details: 'Nerve pain in the feet; may cause drowsiness.', times: ['08:00', '13:00', '20:00'] },
  { name: 'Prednisolone', dosage: '5 mg once daily', route: 'oral', instructions: 'With breakfast', details: 'Two-week course for a flare of joint pain.', times: ['08:00'], courseDays: 14 },
  { name: 'Emollient cream', dosage: 'Apply twice daily', route: 'topical', instructions: 'Apply thinly to both lower legs', details: 'Dry skin on the shins.', times: ['08:00', '20:00'] },
  { name: 'Latanoprost eye drops', dosage: '1 drop in each eye at night', route: 'other', instructions: 'One drop in each eye', details: 'Glaucoma; keep the bottle in the fridge.', times: ['21:00'] },
];

/** Medicines taken as needed. */
// prettier-ignore
const asNeeded: Medicine[] = [
  { name: 'Paracetamol', dosage: '1 g up to four times daily', route: 'oral', instructions: 'At least 4 hours apart', details: 'No more than 4 g in 24 hours.', prn: { minInterval: 240, maxPerDay: 4, reasons: ['Pain in left knee', 'Headache', 'Back pain', 'Aching hips after a walk'] } },
  { name: 'Salbutamol inhaler', dosage: '2 puffs when needed', route: 'inhaled', instructions: 'Through the spacer', details: 'Tell the doctor if needed more than three times a week.', prn: { minInterval: 240, maxPerDay: 4, reasons: ['Short of breath on the stairs', 'Wheezy in the morning'] } },
  { name: 'Loperamide', dosage: '2 mg after each loose stool', route: 'oral', instructions: 'After each loose stool', details: 'No more than 8 capsules a day.', prn: { minInterval: 120, maxPerDay: 8, reasons: ['Loose stools'] } },
  { name: 'Gaviscon liquid', dosage: '10 ml after meals and at bedtime', route: 'oral', instructions: 'After meals', details: 'For heartburn.', prn: { minInterval: 120, maxPerDay: 4, reasons: ['Indigestion after dinner', 'Heartburn at night'] } },
];

// prettier-ignore
const refusedNotes = [
  'Did not want it today',
  'Refused, felt too tired; offered again later without success',
  'Spat the tablet out; doctor told',
  'Refused, said it upsets the stomach',
];
// prettier-ignore
const notGivenNotes: Partial<Record<NotGivenReason, string[]>> = {
  asleep: ['Fast asleep, did not wake', 'Asleep; family asked not to wake'],
  nausea: ['Vomited after breakfast', 'Felt sick, could not swallow'],
  absent: ['Out with family for the day', 'At the day centre'],
  withheld: ["Withheld on the doctor's instruction by phone"],
  other: ['Could not swallow the tablet; pharmacy asked for a liquid'],
};
const notGivenDraws: NotGivenReason[] = [
  'asleep',
  'asleep',
  'nausea',
  'absent',
  'withheld',
  'other',
];

/** A dose drawn for the demo, inserted with its medication-log entry. */
interface DoseDraft {
  script: ScriptRow;
  scheduledAt: Date | null;
  outcome: DoseOutcome;
  givenAt: Date | null;
  reason: NotGivenReason | null;
  prnReason: string;
  note: string;
  recordedAt: Date;
  by: Staff;
}

/** A scheduled dose no one recorded that had alerted (late, missed) before the demo started. */
interface AlertDraft {
  script: ScriptRow;
  scheduledAt: Date;
  kind: 'late' | 'missed';
  patientId: number;
  to: number[];
  message: string;
  dismissed: boolean;
}

/** The rounds of the whole agency, inserted after every other row. */
export interface RoundsRows {
  /** Prescriptions of everyday and as-needed medicines (the conditions' own are in `scripts`). */
  scripts: ScriptRow[];
  doses: DoseDraft[];
  alerts: AlertDraft[];
}

export const emptyRoundsRows = (): RoundsRows => ({ scripts: [], doses: [], alerts: [] });

const scheduleOf = (script: ScriptRow): FixedSchedule => ({
  startDate: script.startDate!,
  endDate: script.endDate ?? null,
  doseTimes: script.doseTimes!,
  weekdays: script.weekdays ?? null,
});

/** The log's entry of a dose, in the words the API writes when an outcome is recorded. */
export function doseLogDetails(dose: {
  script: Pick<ScriptRow, 'medication' | 'dosage'>;
  scheduledAt: Date | null;
  outcome: DoseOutcome;
  reason: NotGivenReason | null;
  prnReason: string;
  note: string;
}): string {
  return doseTexts.doseLogEntry({
    outcome: doseTexts.outcomeLabels[dose.outcome],
    medication: `${dose.script.medication ?? ''} ${dose.script.dosage ?? ''}`.trim(),
    doseTime: dose.scheduledAt ? localParts(dose.scheduledAt, DEMO_TIME_ZONE).time : null,
    reason: dose.reason ? doseTexts.reasonLabels[dose.reason] : dose.prnReason,
    note: dose.note,
  });
}

/** Whoever gives a dose: a caregiver of the team, now and then the doctor. */
const giver = (random: Random, p: PatientContext): Staff =>
  random.chance(0.03) ? p.doctor : random.pick(p.team);

/**
 * Schedules the patient's prescriptions and draws a month of recorded rounds: the conditions'
 * prescriptions get their schedule, everyday medicines make two to five scheduled ones, and
 * about half the patients have one as needed. Mostly given, some late, refused or not given
 * (a stay in hospital, a day out of stock), about 3% never recorded (missed); doses of the last
 * hours are partly left for the demo's round.
 */
export function addRounds(
  p: PatientContext,
  random: Random,
  conditionScripts: ScriptRow[],
  out: RoundsRows,
): void {
  const { now } = p.agency;
  // A few patients have no medication rounds: their chart shows the empty state.
  if (!random.chance(0.9)) return;
  const today = localParts(now, DEMO_TIME_ZONE).date;
  const own: { script: ScriptRow; medicine: Medicine }[] = [];

  for (const script of conditionScripts) {
    const schedule = conditionSchedules[script.medication ?? ''];
    if (!schedule) continue;
    const medicine: Medicine = {
      ...schedule,
      name: script.medication!,
      dosage: script.dosage ?? '',
      details: script.details,
    };
    Object.assign(script, scheduleFields(medicine, script.date));
    own.push({ script, medicine });
  }

  const names = new Set(own.map((o) => o.medicine.name));
  const fixedCount = own.filter((o) => !o.medicine.prn).length;
  const wanted = random.int(2, 5);
  const extras = random
    .sample(everyday, everyday.length)
    .filter((m) => !names.has(m.name))
    .slice(0, Math.max(0, wanted - fixedCount));
  const hasPrn = own.some((o) => o.medicine.prn);
  if (!hasPrn && random.chance(0.5)) {
    const prn = random.pick(asNeeded);
    if (!names.has(prn.name)) extras.push(prn);
  }
  for (const medicine of extras) {
    // Started about six weeks ago; a course ended or ends after its days; now and then one
    // stopped a week or two ago.
    const start = addDays(today, -random.int(36, 50));
    const stopped = !medicine.courseDays && random.chance(0.08);
    const script: ScriptRow = {
      patientId: p.patientId,
      doctorId: p.doctor.id,
      date: start,
      medication: medicine.name,
      dosage: medicine.dosage,
      duration: medicine.courseDays ? `${medicine.courseDays} days` : 'Until review',
      details: medicine.details,
      recordedBy: p.doctor.id,
      createdAt: zonedInstant(start, '10:00', DEMO_TIME_ZONE),
      updatedAt: zonedInstant(start, '10:00', DEMO_TIME_ZONE),
      ...scheduleFields(medicine, start),
      ...(stopped ? { endDate: addDays(today, -random.int(5, 15)) } : {}),
    };
    out.scripts.push(script);
    own.push({ script, medicine });
  }

  // A stay in hospital: every dose of those days not given.
  const hospital = new Set<string>();
  if (random.chance(0.1)) {
    const first = addDays(today, -random.int(8, 25));
    const days = random.int(2, 4);
    for (let d = 0; d < days; d += 1) hospital.add(addDays(first, d));
  }
  const from = new Date(now.getTime() - HISTORY_DAYS * DAY);
  for (const { script, medicine } of own) {
    if (medicine.prn) addPrnDoses(p, random, { script, medicine, from, hospital }, out);
    else addScheduledDoses(p, random, { script, medicine, from, hospital }, out);
  }
}

/** The schedule columns of a prescription of `medicine` starting on `start`. */
function scheduleFields(medicine: Medicine, start: string): Partial<ScriptRow> {
  return {
    route: medicine.route,
    instructions: medicine.instructions,
    schedule: medicine.prn ? 'prn' : 'fixed',
    startDate: start,
    endDate: medicine.courseDays ? addDays(start, medicine.courseDays - 1) : null,
    doseTimes: medicine.times ?? null,
    weekdays: medicine.weekdays ?? null,
    prnMinIntervalMinutes: medicine.prn?.minInterval ?? null,
    prnMaxPerDay: medicine.prn?.maxPerDay ?? null,
  };
}

function addScheduledDoses(
  p: PatientContext,
  random: Random,
  plan: { script: ScriptRow; medicine: Medicine; from: Date; hospital: Set<string> },
  out: RoundsRows,
): void {
  const { now } = p.agency;
  const { script, medicine, from, hospital } = plan;
  // Alerts name the medicine as the alert job does.
  const label = medicine.name;
  // A day the pharmacy's delivery was late, for a few prescriptions.
  const outOfStock = random.chance(0.05)
    ? addDays(localParts(now, DEMO_TIME_ZONE).date, -random.int(3, 20))
    : null;
  for (const scheduledAt of scheduledDoses(scheduleOf(script), DEMO_TIME_ZONE, from, now)) {
    const at = scheduledAt.getTime();
    const day = localParts(scheduledAt, DEMO_TIME_ZONE).date;
    // Every draw happens before any skip, so one dose's fate never shifts another's.
    const roll = random.next();
    const by = giver(random, p);
    const minutes = random.int(-25, 40);
    const lateMinutes = random.int(65, 150);
    const recordMinutes = random.int(0, 30);
    const pickNote = random.next();
    const dose = (fields: Partial<DoseDraft> & Pick<DoseDraft, 'outcome' | 'recordedAt'>) => {
      if (fields.recordedAt.getTime() > now.getTime()) return;
      out.doses.push({
        script,
        scheduledAt,
        givenAt: null,
        reason: null,
        prnReason: '',
        note: '',
        by,
        ...fields,
      });
    };
    const notGiven = (reason: NotGivenReason, note: string) =>
      dose({
        outcome: 'not-given',
        reason,
        note,
        recordedAt: new Date(at + recordMinutes * MINUTE),
      });

    if (hospital.has(day)) {
      notGiven('in-hospital', 'In hospital since admission');
    } else if (outOfStock === day) {
      notGiven('out-of-stock', 'Pharmacy delivery late; pharmacy chased');
    } else if (now.getTime() - at < 150 * MINUTE && roll < 0.6) {
      // The demo's round in progress: due or late now, for someone to record.
    } else if (roll < 0.03) {
      // Missed: no one recorded it. It alerted when late and again when missed.
      if (now.getTime() - at > DAY) alertFor(p, script, label, scheduledAt, out, random);
    } else if (roll < 0.06) {
      dose({
        outcome: 'refused',
        note: refusedNotes[Math.floor(pickNote * refusedNotes.length)]!,
        recordedAt: new Date(at + recordMinutes * MINUTE),
      });
    } else if (roll < 0.085) {
      const reason = notGivenDraws[Math.floor(pickNote * notGivenDraws.length)]!;
      const notes = notGivenNotes[reason]!;
      notGiven(reason, notes[Math.floor(pickNote * 10) % notes.length]!);
    } else {
      const givenAt = new Date(at + (roll < 0.15 ? lateMinutes : minutes) * MINUTE);
      const outcome = givenOutcome(scheduledAt, givenAt, demoWindows);
      if (outcome === 'given-late' && givenAt.getTime() <= now.getTime()) {
        out.alerts.push(alertDraft(p, script, label, scheduledAt, 'late', random));
      }
      dose({ outcome, givenAt, recordedAt: givenAt });
    }
  }
}

/** A few doses a week, one or two a day, each well apart and within the daily limit. */
function addPrnDoses(
  p: PatientContext,
  random: Random,
  plan: { script: ScriptRow; medicine: Medicine; from: Date; hospital: Set<string> },
  out: RoundsRows,
): void {
  const { now } = p.agency;
  const { script, medicine, from, hospital } = plan;
  const prn = medicine.prn!;
  const today = localParts(now, DEMO_TIME_ZONE).date;
  for (let d = HISTORY_DAYS; d >= 0; d -= 1) {
    const day = addDays(today, -d);
    const count = random.chance(0.4) ? (random.chance(0.25) ? 2 : 1) : 0;
    const first = random.int(7 * 60, 13 * 60);
    const second = first + prn.minInterval + random.int(30, 240);
    const reason = random.pick(prn.reasons);
    const by = giver(random, p);
    if (hospital.has(day)) continue;
    if (day < script.startDate! || (script.endDate && day > script.endDate)) continue;
    for (const minutes of [first, second].slice(0, count)) {
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const givenAt = zonedInstant(day, time, DEMO_TIME_ZONE);
      if (givenAt < from || givenAt.getTime() > now.getTime()) continue;
      out.doses.push({
        script,
        scheduledAt: null,
        outcome: 'given',
        givenAt,
        reason: null,
        prnReason: reason,
        note: '',
        recordedAt: givenAt,
        by,
      });
    }
  }
}

function alertDraft(
  p: PatientContext,
  script: ScriptRow,
  label: string,
  scheduledAt: Date,
  kind: 'late' | 'missed',
  random: Random,
): AlertDraft {
  const name = `${p.person.firstName} ${p.person.lastName}`;
  const time = localParts(scheduledAt, DEMO_TIME_ZONE).time;
  const caregivers = p.team.map((c) => c.id);
  return {
    script,
    scheduledAt,
    kind,
    patientId: p.patientId,
    // Late tells the caregivers; missed tells the doctor too.
    to: kind === 'late' ? caregivers : [...caregivers, p.doctor.id],
    message:
      kind === 'late'
        ? doseTexts.lateAlert(label, name, time)
        : doseTexts.missedAlert(label, name, time),
    dismissed: random.chance(0.9),
  };
}

function alertFor(
  p: PatientContext,
  script: ScriptRow,
  label: string,
  scheduledAt: Date,
  out: RoundsRows,
  random: Random,
): void {
  out.alerts.push(alertDraft(p, script, label, scheduledAt, 'late', random));
  out.alerts.push(alertDraft(p, script, label, scheduledAt, 'missed', random));
}

/**
 * Inserts the rounds after every other row of the agency: the agency's settings, the everyday
 * prescriptions, each dose with its medication-log entry, and the alerts of doses never
 * recorded (so the alert job does not send a month of them again on the first start). The
 * doses and their log entries go in as one statement over a JSON array: thousands of rows in a
 * fraction of the time of row-by-row parameters.
 */
export async function insertRounds(
  tx: Executor,
  now: Date,
  rows: RoundsRows,
  conditionScripts: ScriptRow[],
): Promise<void> {
  await tx
    .insert(agencySettings)
    .values({ id: 1, timeZone: DEMO_TIME_ZONE, ...demoWindows, updatedAt: now });

  // The conditions' prescriptions went in first, in order: their ids follow it.
  const ids = new Map<ScriptRow, number>();
  const existing = await tx
    .select({ id: prescriptions.id })
    .from(prescriptions)
    .orderBy(asc(prescriptions.id));
  if (existing.length !== conditionScripts.length) {
    throw new Error('The prescriptions do not match the seed');
  }
  conditionScripts.forEach((script, i) => ids.set(script, existing[i]!.id));
  for (let i = 0; i < rows.scripts.length; i += 200) {
    const chunk = rows.scripts.slice(i, i + 200);
    const added = await tx.insert(prescriptions).values(chunk).returning({ id: prescriptions.id });
    chunk.forEach((script, j) => ids.set(script, added[j]!.id));
  }

  const doseRows = rows.doses.map((d) => ({
    patient_id: d.script.patientId,
    prescription_id: ids.get(d.script)!,
    scheduled_at: d.scheduledAt,
    outcome: d.outcome,
    given_at: d.givenAt,
    reason: d.reason,
    prn_reason: d.prnReason,
    note: d.note,
    dose_time: d.scheduledAt ?? d.givenAt!,
    recorded_by: d.by.id,
    recorded_at: d.recordedAt,
    details: doseLogDetails(d),
  }));
  // Each log entry is found again by its patient, time and words (a patient takes a medicine
  // once at a time): the dose that made it takes its id.
  const [inserted] = await rowsOf<{ n: number }>(
    tx,
    sql`
    with src as (
      select * from json_to_recordset(${JSON.stringify(doseRows)}::json) as x(
        patient_id int, prescription_id int, scheduled_at timestamptz, outcome text,
        given_at timestamptz, reason text, prn_reason text, note text, dose_time timestamptz,
        recorded_by int, recorded_at timestamptz, details text)
    ), logged as (
      insert into medications (patient_id, date, details, recorded_by, created_at, updated_at)
      select patient_id, coalesce(given_at, scheduled_at), details, recorded_by, recorded_at,
             recorded_at
      from src order by dose_time, patient_id
      returning id, patient_id, date, details
    ), inserted as (
      insert into doses (patient_id, prescription_id, scheduled_at, outcome, given_at, reason,
                         prn_reason, note, dose_time, medication_id, recorded_by, created_at,
                         updated_at)
      select s.patient_id, s.prescription_id, s.scheduled_at, s.outcome, s.given_at, s.reason,
             s.prn_reason, s.note, s.dose_time, l.id, s.recorded_by, s.recorded_at, s.recorded_at
      from src s join logged l on l.patient_id = s.patient_id
        and l.date = coalesce(s.given_at, s.scheduled_at) and l.details = s.details
      order by s.dose_time, s.patient_id
      returning 1
    )
    select count(*)::int as n from inserted`,
  );
  if (inserted?.n !== doseRows.length) {
    throw new Error('Every demo dose must have its one medication-log entry');
  }

  const alertRows = rows.alerts.map((a) => ({
    prescription_id: ids.get(a.script)!,
    scheduled_at: a.scheduledAt,
    kind: a.kind,
    patient_id: a.patientId,
    created_at: alertTime(a, now),
  }));
  await tx.execute(sql`
    insert into dose_alerts (prescription_id, scheduled_at, kind, patient_id, created_at)
    select * from json_to_recordset(${JSON.stringify(alertRows)}::json) as x(
      prescription_id int, scheduled_at timestamptz, kind text, patient_id int,
      created_at timestamptz)`);
  // Only the last week's alerts are still in the bell; older ones were cleared long ago.
  const recent = now.getTime() - 7 * DAY;
  const notices = rows.alerts
    .filter((a) => a.scheduledAt.getTime() >= recent)
    .flatMap((a) => {
      const at = alertTime(a, now);
      return a.to.map((userId) => ({
        userId,
        message: a.message,
        kind: 'dose',
        link: `/patients/${a.patientId}?tab=medication`,
        createdAt: at,
        dismissedAt: a.dismissed
          ? new Date(Math.min(at.getTime() + 45 * MINUTE, now.getTime()))
          : null,
      }));
    });
  for (let i = 0; i < notices.length; i += 500) {
    await tx.insert(notifications).values(notices.slice(i, i + 500));
  }
}

/** When an alert went: as the dose became late, or missed. */
const alertTime = (a: AlertDraft, now: Date): Date => {
  const at = (a.kind === 'late' ? lateFrom : missedFrom)(a.scheduledAt, demoWindows);
  return at.getTime() > now.getTime() ? now : at;
};
