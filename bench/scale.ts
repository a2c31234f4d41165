import { addDays, localParts } from '../shared/dose-schedule.ts';
import { encodeCursor } from '../server/features/chart/timeline.ts';
import type { Sql } from './sql.ts';

/**
 * Agency-scale data for the benchmark, generated with set-based SQL (INSERT ... SELECT
 * generate_series) so a million rows take seconds, not minutes of round trips. Values are
 * varied with cheap arithmetic on the series number; the point is realistic volume and
 * distribution (every doctor has the same share of patients, every patient the same share of
 * records), not realistic prose.
 */
export interface ScaleSize {
  label: string;
  patients: number;
  doctors: number;
  caregivers: number;
  /** Rows in each of the biggest tables: appointments, medical_records, medications, vital_signs, audit_log. */
  rows: number;
}

export const sizes = {
  small: { label: '10k', patients: 1_000, doctors: 50, caregivers: 100, rows: 10_000 },
  large: { label: '1M', patients: 20_000, doctors: 1_000, caregivers: 2_000, rows: 1_000_000 },
} satisfies Record<string, ScaleSize>;

/** Who the benchmark acts as, and the rows it asks for. */
export interface BenchPeople {
  supervisorId: number;
  doctorId: number;
  /**
   * Another doctor, who books the appointments of POST /api/appointments, so the writes do not
   * grow the list the bench doctor's endpoints read.
   */
  writerId: number;
  writerUsername: string;
  /** Patients on the writer's care team. */
  writerPatientIds: number[];
  /** A patient with an account, for the patient dashboard's calls. */
  patientId: number;
  patientUserId: number;
  /** A caregiver on that patient's care team. */
  caregiverId: number;
  /**
   * A patient of the bench doctor with a long history (three years of readings four times a
   * day, a year of daily medication, weekly reports, allergies, conditions, own ranges): the
   * chart's calls read it.
   */
  historyPatientId: number;
  /** A timeline cursor about a year back in that patient's history (a deep page). */
  deepCursor: string;
  /** A patient of the bench caregiver with 8 scheduled medications (the MAR's month). */
  marPatientId: number;
  /**
   * Prescriptions of the writer's patients, twelve doses a day for three years, whose past doses
   * POST /api/doses records one after another (see `writtenDose` in targets.ts).
   */
  doseWriter: { prescriptionIds: number[]; patientIds: number[]; today: string };
}

/** The bench agency's zone (agency_settings), in which every schedule below is set. */
export const BENCH_TIME_ZONE = 'Europe/London';
/** The writer's prescriptions: a dose every two hours, from this many days ago. */
export const WRITTEN_DOSE_TIMES = Array.from(
  { length: 12 },
  (_, i) => `${String(i * 2).padStart(2, '0')}:00`,
);
export const WRITTEN_DOSE_DAYS = 1100;

export interface ScaleResult {
  people: BenchPeople;
  counts: Record<string, number>;
  /** Seconds per step, to show what generation costs. */
  timings: Record<string, number>;
}

// prettier-ignore
const firstNames = [
  'Ada', 'Agnes', 'Albert', 'Alice', 'Arthur', 'Audrey', 'Bernard', 'Betty', 'Clara', 'Cecil',
  'Doris', 'Donald', 'Edith', 'Ernest', 'Florence', 'Frank', 'Grace', 'George', 'Hazel', 'Harold',
  'Irene', 'Henry', 'Joan', 'Kenneth', 'Mabel', 'Leonard', 'Norma', 'Norman', 'Olive', 'Percy',
];
// prettier-ignore
const lastHeads = ['Ash', 'Brad', 'Brook', 'Cald', 'Dal', 'Fair', 'Hart', 'Kel', 'Mill', 'Nor', 'Pem', 'Ross', 'Thorn', 'Whit', 'Win'];
// prettier-ignore
const lastTails = ['ton', 'ford', 'wood', 'field', 'ley', 'by', 'well', 'worth', 'dale', 'shaw'];
// prettier-ignore
const diagnoses = ['Hypertension', 'Type 2 diabetes', 'Osteoarthritis of the knee', 'Chronic heart failure', 'Atrial fibrillation', 'Osteoporosis', 'Insomnia', 'Hypothyroidism'];
// prettier-ignore
const streets = ['Maple Street', 'Cedar Road', 'Willow Lane', 'Orchard Way', 'Mill Close', 'Station Road', 'Meadow Drive', 'Birch Avenue'];

const arr = (items: string[]): string =>
  `array[${items.map((s) => `'${s.replaceAll("'", "''")}'`).join(',')}]`;
/** Picks from a literal array by an integer SQL expression. */
const pick = (items: string[], expr: string): string =>
  `(${arr(items)})[1 + ((${expr}) % ${items.length})]`;

// prettier-ignore
const substances = ['Penicillin', 'Sulfonamides', 'Aspirin', 'Ibuprofen', 'Latex', 'Peanuts', 'Shellfish', 'Codeine'];
// prettier-ignore
const reactions = ['Rash', 'Hives', 'Swelling of the lips', 'Nausea', 'Shortness of breath', ''];

const bulkTables = [
  'appointments',
  'medical_records',
  'medications',
  'audit_log',
  'progress_reports',
  'prescriptions',
  'vital_signs',
  'allergies',
  'conditions',
  'doses',
];

/** Fills a freshly migrated, empty database. */
export async function generateScale(
  db: Sql,
  size: ScaleSize,
  options: { passwordHash: string; now: Date },
): Promise<ScaleResult> {
  const { patients: P, doctors: D, caregivers: C, rows: R } = size;
  const A = Math.floor(P / 2); // patients with their own account
  const now = `'${options.now.toISOString()}'::timestamptz`;
  const hash = options.passwordHash.replaceAll("'", "''");
  const timings: Record<string, number> = {};
  const step = async (name: string, text: string) => {
    const started = performance.now();
    await db.exec(text);
    timings[name] = (timings[name] ?? 0) + (performance.now() - started) / 1000;
  };
  // Bulk-load the way a restore does: no per-row foreign-key triggers (the rows are consistent
  // by construction) and secondary indexes built once at the end instead of row by row.
  try {
    await db.exec(`set session_replication_role = replica`);
  } catch {
    // not a superuser: keep the triggers
  }
  await db.exec(`set synchronous_commit = off`);
  const indexes = await db.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = current_schema() and tablename = any($1)
       and indexname not in (select conname from pg_constraint)`,
    [bulkTables],
  );
  for (const index of indexes) await db.exec(`drop index "${index.name}"`);

  const userInsert = (prefix: string, count: number, role: string, privileges: string) => `
    insert into users (username, first_name, second_name, email, primary_location, role, privileges, password_hash)
    select '${prefix}' || g, ${pick(firstNames, 'g')}, ${pick(lastHeads, 'g / 3')} || ${pick(lastTails, 'g / 7')},
           '${prefix}' || g || '@example.com', 'Benchtown', '${role}', '${privileges}', '${hash}'
    from generate_series(0, ${count - 1}) g order by g`;

  await step(
    'users',
    [
      userInsert('bench_doctor_', D, 'doctor', 'editor'),
      userInsert('bench_caregiver_', C, 'caregiver', 'editor'),
      userInsert('bench_patient_', A, 'patient', 'viewer'),
      userInsert('bench_supervisor_', 1, 'doctor', 'supervisor'),
    ].join(';\n'),
  );
  const firstId = async (prefix: string) => {
    const [row] = await db.query<{ id: number }>(
      `select min(id)::int as id from users where username = $1`,
      [`${prefix}0`],
    );
    return row!.id;
  };
  // Ids are contiguous: each group went in with one statement on a fresh database.
  const d0 = await firstId('bench_doctor_');
  const c0 = await firstId('bench_caregiver_');
  const a0 = await firstId('bench_patient_');
  const supervisorId = await firstId('bench_supervisor_');

  await step(
    'patients',
    `insert into patients (first_name, last_name, dob, gender, address, phone_number, emergency_contact,
                           emergency_contact_phone, account_user_id, created_by)
     select ${pick(firstNames, 'g * 7')}, ${pick(lastHeads, 'g / 5')} || ${pick(lastTails, 'g / 11')},
            date '1930-01-01' + (g * 37) % 12000, case when g % 5 < 3 then 'Female' else 'Male' end,
            (1 + g % 240) || ' ' || ${pick(streets, 'g / 3')} || ', Benchtown', '(555) 555-01' || lpad((g % 100)::text, 2, '0'),
            'Relative of patient ' || g, '(555) 555-01' || lpad(((g + 7) % 100)::text, 2, '0'),
            case when g < ${A} then ${a0} + g end, ${d0} + g % ${D}
     from generate_series(0, ${P - 1}) g order by g`,
  );
  const [p] = await db.query<{ id: number }>(`select min(id)::int as id from patients`);
  const p0 = p!.id;

  // Care teams: patient i has doctor i % D, caregiver i % C and every other patient a second one.
  await step(
    'care_team_members',
    `insert into care_team_members (patient_id, user_id, added_by)
       select ${p0} + g, ${d0} + g % ${D}, ${d0} + g % ${D} from generate_series(0, ${P - 1}) g;
     insert into care_team_members (patient_id, user_id, added_by)
       select ${p0} + g, ${c0} + g % ${C}, ${d0} + g % ${D} from generate_series(0, ${P - 1}) g;
     insert into care_team_members (patient_id, user_id, added_by)
       select ${p0} + g, ${c0} + (g + ${Math.floor(C / 2)}) % ${C}, ${d0} + g % ${D}
       from generate_series(0, ${P - 1}, 2) g`,
  );

  // Patient of row g is g % P; its doctor and caregiver follow from the care team rule above.
  const patientOf = `${p0} + g % ${P}`;
  const doctorOf = `${d0} + (g % ${P}) % ${D}`;
  const caregiverOf = `${c0} + (g % ${P}) % ${C}`;
  // A spread of days without a random(): the bench is repeatable. A patient's rows are those
  // with the same g % P, so `days` must not divide P (both sizes' P are multiples of 1,000):
  // otherwise every row of a patient lands on the same day.
  const spread = (days: number) => `((g::bigint * 7919) % ${days})`;
  await step(
    'appointments',
    `insert into appointments (doctor_id, patient_id, appointment_date, location, requested_by, created_at, updated_at)
     select ${doctorOf}, ${patientOf},
            date_trunc('hour', ${now}) + (${spread(730)} - 365) * interval '1 day' + (g % 8) * interval '1 hour',
            case when g % 3 = 0 then 'Home visit' else 'Clinic room ' || (1 + g % 4) end, ${doctorOf}, ${now}, ${now}
     from generate_series(1, ${R}) g`,
  );
  await step(
    'medical_records',
    `insert into medical_records (patient_id, doctor_id, date_of_visit, location, diagnosis, treatment_plan, notes, created_by, created_at, updated_at)
     select ${patientOf}, ${doctorOf}, ${now} - ${spread(997)} * interval '1 day' - (g % 8) * interval '1 hour',
            'Home visit', ${pick(diagnoses, 'g')}, 'Continue the current plan; review in four weeks.',
            'BP ' || (110 + g % 50) || '/' || (65 + g % 30) || ', pulse ' || (58 + g % 40) || '. Feeling well.',
            ${doctorOf}, ${now}, ${now}
     from generate_series(1, ${R}) g`,
  );
  await step(
    'medications',
    `insert into medications (patient_id, date, details, recorded_by, created_at, updated_at)
     select ${patientOf}, ${now} - ${spread(365)} * interval '1 day' - (g % 12) * interval '1 hour',
            ${pick(['Amlodipine 5 mg given', 'Metformin 500 mg given with the evening meal', 'Paracetamol 1 g given', 'Apixaban 5 mg given'], 'g')},
            ${caregiverOf}, ${now}, ${now}
     from generate_series(1, ${R}) g`,
  );
  await step(
    'audit_log',
    `insert into audit_log (at, user_id, role, action, entity, entity_id, patient_id, outcome, ip, request_id)
     select ${now} - (g % 500000) * interval '1 minute', ${doctorOf}, 'doctor',
            ${pick(['read', 'list', 'create', 'update'], 'g')}, 'patient', (${patientOf})::text, ${patientOf},
            'success', '127.0.0.1', 'bench-' || g
     from generate_series(1, ${R}) g`,
  );
  const R5 = Math.max(1, Math.floor(R / 5));
  await step(
    'progress_reports',
    `insert into progress_reports (report_id, patient_id, caregiver_id, date, summary, recommendations, overall_health, created_by, created_at, updated_at)
     select 'PR-BENCH-' || lpad(g::text, 8, '0'), ${patientOf}, ${caregiverOf}, ${now} - ${spread(365)} * interval '1 day',
            'Ate well and walked in the garden.', 'Encourage fluids in the afternoon.',
            ${pick(['Good', 'Stable', 'Fair', 'Improving'], 'g')}, ${caregiverOf}, ${now}, ${now}
     from generate_series(1, ${R5}) g`,
  );
  await step(
    'prescriptions',
    `insert into prescriptions (patient_id, doctor_id, date, medication, dosage, duration, details, created_at, updated_at)
     select ${patientOf}, ${doctorOf}, (${now} - ${spread(365)} * interval '1 day')::date,
            ${pick(['Amlodipine', 'Metformin', 'Paracetamol', 'Apixaban'], 'g')}, '5 mg once daily', '90 days',
            'Take in the morning.', ${now}, ${now}
     from generate_series(1, ${R5}) g`,
  );
  // Readings: as many as the biggest tables, a year of them spread over every patient.
  await step(
    'vital_signs',
    `insert into vital_signs (patient_id, taken_at, systolic, diastolic, pulse, respiratory_rate, temperature_c, spo2,
                              glucose_mmol_l, weight_kg, note, recorded_by, created_at, updated_at)
     select ${patientOf}, ${now} - ${spread(365)} * interval '1 day' - (g % 24) * interval '1 hour',
            105 + g % 50, 60 + g % 30, 55 + g % 50, 12 + g % 9, 36.0 + (g % 20) / 10.0, 92 + g % 8,
            4.5 + (g % 60) / 10.0, 55 + (g % 400) / 10.0, case when g % 4 = 0 then 'After breakfast' else '' end,
            ${caregiverOf}, ${now}, ${now}
     from generate_series(1, ${R}) g`,
  );
  // Allergies for half the patients (one in seven resolved), two conditions each.
  await step(
    'allergies_conditions',
    `insert into allergies (patient_id, substance, reaction, status, recorded_by, created_at, updated_at)
       select ${patientOf}, ${pick(substances, 'g / 2')}, ${pick(reactions, 'g / 3')},
              case when g % 7 = 0 then 'resolved' else 'active' end, ${doctorOf},
              ${now} - ${spread(997)} * interval '1 day', ${now}
       from generate_series(0, ${P - 1}, 2) g;
     insert into conditions (patient_id, name, status, note, recorded_by, created_at, updated_at)
       select ${patientOf}, ${pick(diagnoses, 'g / 3')}, case when g % 5 = 0 then 'resolved' else 'active' end, '',
              ${doctorOf}, ${now} - ${spread(997)} * interval '1 day', ${now}
       from generate_series(0, ${2 * P - 1}) g`,
  );
  // The long history of one patient of the bench doctor (patient D has doctor 0, see above).
  const h = p0 + D;
  const hCaregiver = c0 + (D % C);
  await step(
    'history_patient',
    `insert into vital_signs (patient_id, taken_at, systolic, diastolic, pulse, respiratory_rate, temperature_c, spo2,
                              glucose_mmol_l, weight_kg, note, recorded_by, created_at, updated_at)
       select ${h}, ${now} - g * interval '6 hours', 110 + g % 45, 65 + g % 28, 58 + g % 48, 14 + g % 6,
              36.2 + (g % 16) / 10.0, 93 + g % 7, 5.0 + (g % 50) / 10.0, 70 + (g % 30) / 10.0, '',
              case when g % 4 = 0 then ${d0} else ${hCaregiver} end, ${now}, ${now}
       from generate_series(1, 3 * 365 * 4) g;
     insert into medications (patient_id, date, details, recorded_by, created_at, updated_at)
       select ${h}, ${now} - g * interval '1 day' + interval '8 hours', 'Metformin 500 mg given with breakfast',
              ${hCaregiver}, ${now}, ${now}
       from generate_series(1, 365) g;
     insert into progress_reports (report_id, patient_id, caregiver_id, date, summary, recommendations, overall_health, created_by, created_at, updated_at)
       select 'PR-HISTORY-' || lpad(g::text, 6, '0'), ${h}, ${hCaregiver}, ${now} - g * interval '7 days',
              'Walked in the garden; ate well; slept through the night.', 'Keep up the walks.', 'Stable',
              ${hCaregiver}, ${now}, ${now}
       from generate_series(1, 156) g;
     insert into allergies (patient_id, substance, reaction, status, recorded_by, created_at, updated_at, deleted_at)
       select ${h}, ${pick(substances, 'g')}, ${pick(reactions, 'g')}, case when g = 5 then 'resolved' else 'active' end,
              ${d0}, ${now} - g * interval '90 days', ${now}, case when g = 6 then ${now} end
       from generate_series(1, 6) g;
     insert into conditions (patient_id, name, status, note, recorded_by, created_at, updated_at)
       select ${h}, ${pick(diagnoses, 'g')}, case when g > 5 then 'resolved' else 'active' end, '', ${d0},
              ${now} - g * interval '120 days', ${now}
       from generate_series(1, 8) g;
     insert into vital_thresholds (patient_id, measurement, low, high, set_by, updated_at)
       values (${h}, 'pulse', 50, 110, ${d0}, ${now}), (${h}, 'systolic', 100, 150, ${d0}, ${now})`,
  );
  await step(
    'reminders_notifications',
    `insert into reminders (user_id, message, date, created_at, updated_at)
       select ${caregiverOf}, 'Check blood pressure', ${now} + (g % 30) * interval '1 day', ${now}, ${now}
       from generate_series(1, ${P}) g;
     insert into notifications (user_id, message, kind, link, created_at)
       select ${doctorOf}, 'New progress report', 'progress-report', '/progress-report', ${now} - (g % 30) * interval '1 day'
       from generate_series(1, ${P}) g`,
  );
  const rounds = await generateRounds(step, db, {
    p0,
    c0,
    C,
    D,
    P,
    R,
    now,
    today: localParts(options.now, BENCH_TIME_ZONE).date,
  });
  for (const index of indexes) await step('indexes', index.definition);
  await db.exec(`set session_replication_role = origin`).catch(() => undefined);
  // Fresh statistics, as autovacuum would have them on a database that grew over time.
  await step('analyze', 'analyze');

  const counts: Record<string, number> = {};
  for (const table of ['users', 'patients', 'care_team_members', ...bulkTables]) {
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts[table] = row!.n;
  }
  // A cursor as the timeline hands it out, at the reading about a year back.
  const [deep] = await db.query<{ at: string; id: number }>(
    `select to_char(taken_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id
     from vital_signs where patient_id = $1 and deleted_at is null
     order by taken_at desc, id desc offset ${365 * 4} limit 1`,
    [h],
  );
  const deepCursor = encodeCursor({ at: deep!.at, type: 'vital-sign', id: deep!.id });
  const writerPatientIds: number[] = [];
  for (let i = 1; i < P && writerPatientIds.length < 20; i += D) writerPatientIds.push(p0 + i);
  const doseWriter = await generateWrittenDoses(db, writerPatientIds, {
    now,
    today: localParts(options.now, BENCH_TIME_ZONE).date,
  });
  return {
    people: {
      supervisorId,
      doctorId: d0,
      writerId: d0 + 1,
      writerUsername: 'bench_doctor_1',
      writerPatientIds,
      patientId: p0,
      patientUserId: a0,
      caregiverId: c0,
      historyPatientId: h,
      deepCursor,
      marPatientId: rounds.marPatientId,
      doseWriter,
    },
    counts,
    timings,
  };
}

/** The caregiver's medicines: eight, three times a day. */
// prettier-ignore
const roundMedicines = ['Amlodipine', 'Metformin', 'Apixaban', 'Furosemide', 'Sertraline', 'Co-careldopa', 'Gabapentin', 'Omeprazole'];

/**
 * Medication rounds. The bench caregiver gets 30 patients (their own, then others) with eight
 * medicines three times a day and a month of recorded doses (about 3% missed, some refused or
 * not given); every other patient one medicine a day with doses over as many days as make the
 * scale's row count. Times are spread over the day (each medicine 8 hours apart, each other
 * patient at their own minute) so that the doses due, late and becoming late are about the same
 * whenever the bench runs, and skip 01:00-01:59, the hour daylight saving skips or repeats in
 * the zone: there SQL's `at time zone` and the schedule engine may choose different instants.
 * Doses recorded here have no medication-log entry (the log's volume is made above).
 */
async function generateRounds(
  step: (name: string, text: string) => Promise<void>,
  db: Sql,
  s: {
    p0: number;
    c0: number;
    C: number;
    D: number;
    P: number;
    R: number;
    now: string;
    today: string;
  },
): Promise<{ marPatientId: number }> {
  const { p0, c0, C, D, P, R, now, today } = s;
  const zone = BENCH_TIME_ZONE;
  const monthAgo = addDays(today, -30);
  // Three times a day, 8 hours apart, from one of these minutes of the day.
  const firstMinutes = [0, 30, 120, 180, 240, 300, 360, 420];
  const [before] = await db.query<{ id: number }>(
    `select coalesce(max(id), 0)::int as id from prescriptions`,
  );
  await step(
    'rounds_prescriptions',
    `insert into agency_settings (id, time_zone, dose_window_minutes, dose_missed_after_minutes)
       values (1, '${zone}', 60, 240);
     insert into care_team_members (patient_id, user_id, added_by)
       select p.id, ${c0}, p.created_by from patients p
       where not exists (select 1 from care_team_members m where m.patient_id = p.id and m.user_id = ${c0})
         -- not the writer's patients (doctor 1): their written doses stay out of the caregiver's list
         and (p.id - ${p0}) % ${D} <> 1
       order by (p.id - ${p0}) % ${C}, p.id
       limit greatest(0, 30 - (select count(*) from care_team_members where user_id = ${c0}));
     insert into prescriptions (patient_id, doctor_id, date, medication, dosage, duration, details, recorded_by,
                                route, instructions, schedule, start_date, dose_times, created_at, updated_at)
       select m.patient_id, p.created_by, date '${today}' - 60, (${arr(roundMedicines)})[k + 1],
              '1 tablet three times daily', 'Until review', 'Bench rounds.', p.created_by, 'oral', 'With food',
              'fixed', date '${today}' - 60,
              array(select to_char(time '00:00' + ((('{${firstMinutes.join(',')}}'::int[])[k + 1] + j * 480) % 1440) * interval '1 minute', 'HH24:MI')
                    from generate_series(0, 2) j order by 1),
              ${now}, ${now}
       from care_team_members m join patients p on p.id = m.patient_id cross join generate_series(0, 7) k
       where m.user_id = ${c0} order by m.patient_id, k;
     insert into prescriptions (patient_id, doctor_id, date, medication, dosage, duration, details, recorded_by,
                                route, instructions, schedule, start_date, dose_times, created_at, updated_at)
       select p.id, p.created_by, date '${today}' - ${Math.ceil(R / P)}, 'Ramipril', '5 mg once daily', 'Until review',
              'Bench rounds, once a day.', p.created_by, 'oral', '', 'fixed', date '${today}' - ${Math.ceil(R / P)},
              array[to_char(time '02:00' + ((p.id - ${p0}) * 37 % 264) * interval '5 minutes', 'HH24:MI')],
              ${now}, ${now}
       from patients p
       where not exists (select 1 from care_team_members m where m.patient_id = p.id and m.user_id = ${c0})
       order by p.id`,
  );
  // Every slot of each schedule since its start (at most a month for the caregiver's), up to
  // half an hour ago: the due window stays open for the list to show.
  const hash = `(s.id * 7919 + extract(epoch from x.at)::bigint / 60) % 100`;
  await step(
    'rounds_doses',
    `insert into doses (patient_id, prescription_id, scheduled_at, outcome, given_at, reason, prn_reason, note,
                        dose_time, recorded_by, created_at, updated_at)
     select s.patient_id, s.id, x.at,
            case when ${hash} < 5 then 'refused' when ${hash} < 7 then 'not-given' else 'given' end,
            case when ${hash} >= 7 then x.at + (${hash} % 40 - 10) * interval '1 minute' end,
            case when ${hash} between 5 and 6 then 'asleep' end, '',
            case when ${hash} < 5 then 'Did not want it' when ${hash} < 7 then 'Fast asleep' else '' end,
            x.at, case when s.details = 'Bench rounds.' then ${c0} else ${c0} + (s.patient_id - ${p0}) % ${C} end,
            x.at + interval '30 minutes', x.at + interval '30 minutes'
     from prescriptions s
     cross join lateral (
       select ((x0.first + k + t::time) at time zone '${zone}') as at
       from (select case when s.details = 'Bench rounds.' then date '${monthAgo}' else s.start_date end as first) x0,
            generate_series(0, date '${today}' - x0.first) k,
            unnest(s.dose_times) t
     ) x
     where s.id > ${before!.id} and x.at < ${now} - interval '30 minutes'
       -- about 3% of the caregiver's doses were never recorded: missed
       and (s.details <> 'Bench rounds.' or ${hash} >= 3)`,
  );
  const [mar] = await db.query<{ id: number }>(
    `select min(patient_id)::int as id from care_team_members where user_id = $1`,
    [c0],
  );
  return { marPatientId: mar!.id };
}

/** The writer's prescriptions: a dose every two hours for three years, none recorded yet. */
async function generateWrittenDoses(
  db: Sql,
  patientIds: number[],
  s: { now: string; today: string },
): Promise<BenchPeople['doseWriter']> {
  const start = addDays(s.today, -WRITTEN_DOSE_DAYS);
  const rows = await db.query<{ id: number; patientId: number }>(
    `insert into prescriptions (patient_id, doctor_id, date, medication, dosage, duration, details, recorded_by,
                                route, instructions, schedule, start_date, dose_times, created_at, updated_at)
     select p.id, p.created_by, date '${start}', 'Paracetamol', '500 mg', 'Until review', 'Bench written doses.',
            p.created_by, 'oral', '', 'fixed', date '${start}', '{${WRITTEN_DOSE_TIMES.join(',')}}', ${s.now}, ${s.now}
     from patients p where p.id = any($1::int[]) order by p.id
     returning id, patient_id as "patientId"`,
    [patientIds],
  );
  return {
    prescriptionIds: rows.map((r) => r.id),
    patientIds: rows.map((r) => r.patientId),
    today: s.today,
  };
}
