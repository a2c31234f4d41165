import { addDays, localParts } from '../shared/dose-schedule.ts';
import { weekOf } from '../shared/visit-rules.ts';
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
  /**
   * Patients with a weekly visit series (three visits a week over nine weeks, about 27 visits
   * each); default every patient. The agency export limits it to keep its run short.
   */
  visitPatients?: number;
}

export const sizes = {
  small: { label: '10k', patients: 1_000, doctors: 50, caregivers: 100, rows: 10_000 },
  large: { label: '1M', patients: 20_000, doctors: 1_000, caregivers: 2_000, rows: 1_000_000 },
} satisfies Record<string, ScaleSize>;

/** Who the benchmark acts as, and the rows it asks for. */
export interface BenchPeople {
  supervisorId: number;
  /**
   * Three more doctors whose care teams hold TEAM_SIZES patients each, capped at the scale's
   * patient count (so 1,000 for both bigger teams at 10k, and 10,000 at 1M), every patient's
   * name spread over the alphabet, with two appointments per team patient (see `generateTeams`).
   */
  teams: BenchTeam[];
  /** A doctor with admin privileges: the agency export and the patient import. */
  adminId: number;
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
  /**
   * Caregiver visits (see `generateVisits`): the bench caregiver has eight a day; the week the
   * rota is read for (a Monday) and the timesheet's month; a second caregiver checks in to
   * fresh visits (`checkInVisitIds`, one per request, each open for check-in for a day).
   */
  visits: {
    rotaWeek: string;
    timesheetFrom: string;
    timesheetTo: string;
    checkerId: number;
    checkInVisitIds: number[];
  };
}

/** A doctor with a care team of `size` patients (`requested`, capped at the scale's patients). */
export interface BenchTeam {
  requested: TeamSize;
  size: number;
  doctorId: number;
}

/** The care-team sizes the bench measures a doctor's lists at. */
export const TEAM_SIZES = [10, 1_000, 10_000] as const;
export type TeamSize = (typeof TEAM_SIZES)[number];

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
  'care_plan_tasks',
  'visits',
  'visit_tasks',
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
      userInsert('bench_admin_', 1, 'doctor', 'admin'),
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
  const adminId = await firstId('bench_admin_');

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
     from generate_series(1, ${R}) g;
     -- The bench doctor's day: four appointments today, so the dashboard's calendar day (today)
     -- shows a real list, as Lighthouse sees it.
     insert into appointments (doctor_id, patient_id, appointment_date, location, requested_by, created_at, updated_at)
     select ${d0}, ${p0} + (2 + k) * ${D},
            (date '${localParts(options.now, BENCH_TIME_ZONE).date}' + time '09:00' + k * interval '150 minutes')
              at time zone '${BENCH_TIME_ZONE}',
            case when k % 2 = 0 then 'Home visit' else 'Clinic room 2' end, ${d0}, ${now}, ${now}
     from generate_series(0, 3) k`,
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
  const visits = await generateVisits(step, db, {
    p0,
    c0,
    d0,
    C,
    D,
    P,
    V: Math.min(P, size.visitPatients ?? P),
    now: options.now,
    today: localParts(options.now, BENCH_TIME_ZONE).date,
  });
  const teams = await generateTeams(step, db, { p0, P, now, hash });
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
      teams,
      adminId,
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
      visits,
    },
    counts,
    timings,
  };
}

/**
 * The team doctors: one per TEAM_SIZES entry, added last so no other actor's data changes
 * shape. Doctor k's team is every (P / size)-th patient from an offset of k, so its names spread
 * over the alphabet as a real caseload's do (the first patients by id share a few surnames);
 * each team patient has two appointments with that doctor, a year back and a year ahead.
 */
async function generateTeams(
  step: (name: string, text: string) => Promise<void>,
  db: Sql,
  s: { p0: number; P: number; now: string; hash: string },
): Promise<BenchTeam[]> {
  const { p0, P, now, hash } = s;
  const teams: BenchTeam[] = [];
  for (const [k, requested] of TEAM_SIZES.entries()) {
    const size = Math.min(requested, P);
    const stride = Math.floor(P / size);
    const [user] = await db.query<{ id: number }>(
      `insert into users (username, first_name, second_name, email, primary_location, role, privileges, password_hash)
       values ($1, 'Team', 'Doctor ' || $2::text, $1 || '@example.com', 'Benchtown', 'doctor', 'editor', '${hash}')
       returning id::int as id`,
      [`bench_team_doctor_${requested}`, requested],
    );
    const doctorId = user!.id;
    // g picks the team's patients; (offset + g * stride) % P stays inside the agency.
    const member = `${p0} + (${stride === 1 ? 0 : k} + g * ${stride}) % ${P}`;
    await step(
      'team_doctors',
      `insert into care_team_members (patient_id, user_id, added_by)
         select ${member}, ${doctorId}, ${doctorId} from generate_series(0, ${size - 1}) g;
       insert into appointments (doctor_id, patient_id, appointment_date, location, requested_by, created_at, updated_at)
         select ${doctorId}, ${member},
                date_trunc('hour', ${now}) + (j * 2 - 1) * ((g::bigint * 7919) % 365 + 1) * interval '1 day'
                  + (g % 8) * interval '1 hour',
                case when g % 3 = 0 then 'Home visit' else 'Clinic room ' || (1 + g % 4) end, ${doctorId}, ${now}, ${now}
         from generate_series(0, ${size - 1}) g cross join generate_series(0, 1) j`,
    );
    teams.push({ requested, size, doctorId });
  }
  return teams;
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
  const hash = `(s.id::bigint * 7919 + extract(epoch from x.at)::bigint / 60) % 100`;
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

// prettier-ignore
const visitTaskTitles = ['Help with shower', 'Prepare lunch', 'Check skin for pressure areas', 'Prompt to drink fluids', 'Empty commode', 'Help getting dressed', 'Prepare a light supper'];
// prettier-ignore
const serviceTypes = ['personal-care', 'meal-preparation', 'companionship', 'medication-support', 'personal-care', 'nursing', 'meal-preparation', 'personal-care'];
/** Fresh visits the check-in target checks in to, one per request (a few times a run's writes). */
export const CHECK_IN_VISITS = 60_000;
/** The visits' span: six weeks back to three weeks ahead, in days from today. */
const VISIT_DAYS = { from: -42, to: 20 };

/**
 * Caregiver visits. Each patient has a care plan of three tasks and a weekly series: three
 * visits a week (Mon/Wed/Fri or Tue/Thu/Sat) of an hour with their first caregiver, at one of
 * eight times of the day 90 minutes apart, so no caregiver is booked twice (ten patients a
 * caregiver: five visits a day). The bench caregiver instead has eight visits every day, 07:00
 * to 18:30, among their 30 patients. Past visits were checked in and out near the plan (2%
 * missed, with their alerts), the one under way is checked in, the rest planned; every visit
 * copied one to three care plan tasks. A second caregiver has CHECK_IN_VISITS fresh visits of a
 * patient of theirs starting in 50 minutes (check-in is open) and lasting 23 hours: the rota is
 * read for a week they are not in, next week (or the one after, late on a Sunday).
 */
async function generateVisits(
  step: (name: string, text: string) => Promise<void>,
  db: Sql,
  s: {
    p0: number;
    c0: number;
    d0: number;
    C: number;
    D: number;
    P: number;
    /** Patients with a weekly series: the first V. */
    V: number;
    now: Date;
    today: string;
  },
): Promise<BenchPeople['visits']> {
  const { p0, c0, d0, C, D, V, today } = s;
  const zone = BENCH_TIME_ZONE;
  const now = `'${s.now.toISOString()}'::timestamptz`;
  const checkerId = c0 + 1;
  const checkInStart = new Date(s.now.getTime() + 50 * 60_000);
  const checkInEnd = new Date(checkInStart.getTime() + 23 * 3600_000);
  const nextWeek = addDays(weekOf(today).weekStart, 7);
  const rotaWeek = localParts(checkInEnd, zone).date < nextWeek ? nextWeek : addDays(nextWeek, 7);
  const day = (d: string) => `(date '${today}' + ${d})`;
  const title = (expr: string) => pick(visitTaskTitles, expr);
  await step(
    'visits',
    `insert into care_plan_tasks (patient_id, title, position, recorded_by, created_at, updated_at)
       select p.id, ${title('k + p.id')}, k, p.created_by, ${now} - interval '60 days', ${now} - interval '60 days'
       from patients p cross join generate_series(0, 2) k order by p.id, k;
     insert into visit_series (patient_id, weekdays, until_date, created_by, created_at)
       select ${p0} + i, case when (i / ${C}) % 2 = 0 then '{1,3,5}' else '{2,4,6}' end::smallint[],
              '${addDays(today, VISIT_DAYS.to)}', ${d0} + i % ${D}, ${now} - interval '${1 - VISIT_DAYS.from} days'
       from generate_series(0, ${V - 1}) i order by i;
     insert into visits (patient_id, caregiver_id, series_id, planned_start, planned_end, service_type, status,
                         instructions, check_in_at, check_in_location, check_in_latitude, check_in_longitude,
                         check_in_accuracy, check_out_at, check_out_location, check_out_latitude,
                         check_out_longitude, check_out_accuracy, note, recorded_by, created_at, updated_at)
     select x.patient_id, x.caregiver_id, x.series_id, x.s, x.e, x.service, x.status,
            'Key safe by the back door.',
            case when x.status in ('completed', 'in-progress') then least(x.s + (x.h % 15 - 5) * interval '1 minute', ${now} - interval '1 minute') end,
            case when x.status in ('completed', 'in-progress') then x.loc end,
            case when x.status in ('completed', 'in-progress') and x.loc = 'shared' then 52.4 + (x.patient_id % 500) / 10000.0 end,
            case when x.status in ('completed', 'in-progress') and x.loc = 'shared' then -1.5 - (x.patient_id % 700) / 10000.0 end,
            case when x.status in ('completed', 'in-progress') and x.loc = 'shared' then 5 + x.h % 30 end,
            case when x.status = 'completed' then x.e + (x.h % 11 - 5) * interval '1 minute' end,
            case when x.status = 'completed' then x.loc end,
            case when x.status = 'completed' and x.loc = 'shared' then 52.4 + (x.patient_id % 500) / 10000.0 end,
            case when x.status = 'completed' and x.loc = 'shared' then -1.5 - (x.patient_id % 700) / 10000.0 end,
            case when x.status = 'completed' and x.loc = 'shared' then 5 + x.h % 30 end,
            case when x.status = 'completed' and x.h % 5 = 0 then 'In good spirits; ate well.' else '' end,
            ${d0} + (x.patient_id - ${p0}) % ${D}, ${now} - interval '${1 - VISIT_DAYS.from} days',
            coalesce(case when x.status = 'completed' then x.e end, ${now} - interval '${1 - VISIT_DAYS.from} days')
     from (
       select y.*, y.s + y.minutes * interval '1 minute' as e,
              case when y.s + (y.minutes + 6) * interval '1 minute' <= ${now}
                     then case when y.h < 2 then 'missed' else 'completed' end
                   when y.s <= ${now} then 'in-progress' else 'planned' end as status,
              case when y.h % 4 = 0 then 'refused' else 'shared' end as loc
       from (
         -- Every patient's series with their first caregiver (the bench caregiver's own below).
         select ${p0} + i as patient_id, ${c0} + i % ${C} as caregiver_id, (select min(id) from visit_series) + i as series_id,
                (${day('d')} + time '07:00' + ((i / ${C} / 2) % 8) * interval '90 minutes') at time zone '${zone}' as s,
                60 as minutes, ${pick(serviceTypes, `(i / ${C} / 2) % 8`)} as service,
                ((i * 7919 + (d + 100) * 31) % 100) as h
         from generate_series(0, ${V - 1}) i cross join generate_series(${VISIT_DAYS.from}, ${VISIT_DAYS.to}) d
         where i % ${C} <> 0 and i / ${C} < 16
           and extract(isodow from ${day('d')}) = any(case when (i / ${C}) % 2 = 0 then array[1, 3, 5] else array[2, 4, 6] end)
         union all
         -- The bench caregiver: eight a day among their patients.
         select (m.ids)[1 + ((d + 100) * 8 + j) % cardinality(m.ids)], ${c0}, null,
                (${day('d')} + time '07:00' + j * interval '90 minutes') at time zone '${zone}',
                60, ${pick(serviceTypes, 'j')}, ((d + 100) * 8 + j) * 37 % 100
         from (select array_agg(patient_id order by patient_id) as ids from care_team_members where user_id = ${c0}) m
         cross join generate_series(${VISIT_DAYS.from}, ${VISIT_DAYS.to}) d cross join generate_series(0, 7) j
         union all
         -- Fresh visits of the checker, open for check-in now (h = 50: never missed).
         select (m.ids)[1 + g % cardinality(m.ids)], ${checkerId}, null,
                '${checkInStart.toISOString()}'::timestamptz, 23 * 60, 'personal-care', 50
         from (select array_agg(patient_id order by patient_id) as ids from care_team_members where user_id = ${checkerId}) m
         cross join generate_series(1, ${CHECK_IN_VISITS}) g
       ) y
     ) x
     order by x.s, x.patient_id;
     insert into visit_tasks (visit_id, position, title, status, reason, updated_at)
       select v.id, k, ${title('k + v.patient_id')},
              case when v.status <> 'completed' then 'pending' when (v.id + k) % 20 = 0 then 'not-done' else 'done' end,
              case when v.status = 'completed' and (v.id + k) % 20 = 0 then 'Declined today' else '' end, v.updated_at
       from visits v cross join generate_series(0, 2) k where k <= v.id % 3 order by v.id, k;
     insert into visit_alerts (visit_id, kind, patient_id, created_at)
       select id, kind, patient_id, case when kind = 'late' then planned_start + interval '15 minutes' else planned_end end
       from visits cross join (values ('late'), ('missed')) k(kind) where status = 'missed'`,
  );
  const ids = await db.query<{ id: number }>(
    `select id from visits where caregiver_id = $1 and planned_start = $2 order by id`,
    [checkerId, checkInStart.toISOString()],
  );
  return {
    rotaWeek,
    timesheetFrom: addDays(today, -30),
    timesheetTo: today,
    checkerId,
    checkInVisitIds: ids.map((r) => r.id),
  };
}
