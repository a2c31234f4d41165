import { addDays, localParts, zonedInstant } from '../shared/dose-schedule.ts';
import {
  BENCH_TIME_ZONE,
  TEAM_SIZES,
  WRITTEN_DOSE_DAYS,
  WRITTEN_DOSE_TIMES,
  type BenchPeople,
  type TeamSize,
} from './scale.ts';
import type { LoadSpec } from './load.ts';
import { writeTargets, writtenAppointment } from './targets-writes.ts';

/** The doctor whose care team holds that many patients (see `teams` in scale.ts). */
export type TeamActor = `team${TeamSize}`;

export type Actor =
  'supervisor' | 'admin' | 'doctor' | 'patient' | 'caregiver' | 'writer' | 'checker' | TeamActor;

/**
 * A bearer session per actor, created on the scenario's database before the servers start, and
 * the calendar feed tokens of the first doctors (a feed's only credential: calendar apps send
 * no session).
 */
export type Tokens = Record<Actor, string> & { calendarFeeds: string[] };

/** Feeds fetched so far over the whole run. */
let feedFetches = 0;

/**
 * The next doctor's feed, in turn. Each fetch stamps its feed's last_used_at and writes an
 * audit row in one transaction, so concurrent fetches of one feed would queue on its row: the
 * bench spreads them over many doctors' feeds, as calendar apps fetching hourly do.
 */
export function nextFeedPath(tokens: Tokens): string {
  const token = tokens.calendarFeeds[feedFetches % tokens.calendarFeeds.length];
  feedFetches += 1;
  return `/api/calendar-feed/${token}.ics`;
}

/** The authorization header of one actor. */
export const authHeaders = (tokens: Tokens, as: Actor): Record<string, string> => ({
  authorization: `Bearer ${tokens[as]}`,
});

export interface Target {
  id: string;
  label: string;
  kind: 'list' | 'dashboard' | 'write';
  method: 'GET' | 'POST';
  /** The OpenAPI path the route must have; `{}` stands for any parameter name. */
  route: string;
  as: Actor;
  path(people: BenchPeople, tokens: Tokens): string;
  /** A JSON body, fresh for the n-th request. */
  body?(people: BenchPeople, n: number): unknown;
  /** A fixed body of another type (a multipart upload), sent as it is with every request. */
  upload?: Upload;
  /** The path names a fresh record at each call: asked again for every request. */
  freshPath?: boolean;
  /** The floor it is compared with: the write floor for writes of a record (default: read). */
  floor?: 'read' | 'write';
  /** Run once before its probe and load (e.g. checking in the visits a check-out needs). */
  before?(context: TargetContext): Promise<void>;
}

/** What a target's `before` step may use: the app, the people and sessions, the run's seconds. */
export interface TargetContext {
  base: string;
  people: BenchPeople;
  tokens: Tokens;
  /** Seconds of load to come (warm-up and measured run). */
  seconds: number;
}

/** The patient dashboard asks for appointments from the moment it opened. */
const openedAt = new Date().toISOString();
/** Numbers the written appointments across warm-up and measured runs, so none repeats. */
let sequence = 0;

/** The next number for a written appointment, unique over the whole run. */
export const nextSequence = (): number => (sequence += 1);

/** The load of a target as the bench runs it: its method, its caller and its fresh bodies. */
export function loadSpecOf(
  target: Target,
  base: string,
  people: BenchPeople,
  tokens: Tokens,
  shape: Pick<LoadSpec, 'connections' | 'seconds'>,
): LoadSpec {
  return {
    url: base + target.path(people, tokens),
    method: target.method,
    headers: authHeaders(tokens, target.as),
    ...shape,
    ...(target.body ? { body: () => target.body!(people, nextSequence()) } : {}),
    ...(target.upload ? { upload: target.upload } : {}),
    ...(target.freshPath ? { path: () => target.path(people, tokens) } : {}),
  };
}

/** A request body sent verbatim, with its content type. */
export interface Upload {
  contentType: string;
  body: string;
}

/**
 * A browser's multipart upload of one CSV file in the field `file`, as the import screen sends
 * it: the import's columns and `rows` new patients (none a duplicate of the generated agency's).
 */
export function importUpload(rows: number): Upload {
  const boundary = '----ElderCareBenchImport7MA4YWxkTrZu0gW';
  const lines = [
    'firstName,lastName,dob,gender,address,phoneNumber,emergencyContact,emergencyContactPhone',
  ];
  for (let i = 0; i < rows; i += 1) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    lines.push(
      `Imogen,Importer${i},1938-04-${day},Female,"${i + 1} Quay Street, Benchtown",555-0142,Iris Importer${i},555-0143`,
    );
  }
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="patients.csv"\r\n` +
    `Content-Type: text/csv\r\n\r\n${lines.join('\r\n')}\r\n\r\n--${boundary}--\r\n`;
  return { contentType: `multipart/form-data; boundary=${boundary}`, body };
}

/** Rows of the CSV the import's dry run checks. */
export const IMPORT_ROWS = 20;

/** This month in the bench agency's zone, as the MAR asks for it. */
const thisMonth = localParts(new Date(), BENCH_TIME_ZONE).date.slice(0, 7);

/**
 * The n-th dose POST /api/doses records: one of the writer's prescriptions in turn, each going
 * back one scheduled time (two hours) after another from two days ago, so every request is a
 * real dose of its schedule that no other request records.
 */
export function writtenDose(people: BenchPeople, n: number) {
  const { prescriptionIds, patientIds, today } = people.doseWriter;
  const which = n % prescriptionIds.length;
  const slot = Math.floor(n / prescriptionIds.length);
  const perDay = WRITTEN_DOSE_TIMES.length;
  const daysBack = 2 + (Math.floor(slot / perDay) % (WRITTEN_DOSE_DAYS - 3));
  const time = WRITTEN_DOSE_TIMES[perDay - 1 - (slot % perDay)]!;
  const scheduledAt = zonedInstant(addDays(today, -daysBack), time, BENCH_TIME_ZONE);
  return {
    patientId: patientIds[which]!,
    prescriptionId: prescriptionIds[which]!,
    scheduledAt: scheduledAt.toISOString(),
    outcome: 'given' as const,
    givenAt: new Date(scheduledAt.getTime() + 5 * 60_000).toISOString(),
  };
}

/** Fresh visits checked in so far over the whole run (warm-ups included): none twice. */
let checkIns = 0;

/** The path of the next fresh visit's check-in (the dataset's visits open for check-in now). */
export function nextCheckInPath(people: BenchPeople): string {
  const ids = people.visits.checkInVisitIds;
  const id = ids[checkIns % ids.length];
  checkIns += 1;
  return `/api/visits/check-in/${id}`;
}

/** A check-in as a phone sends it, the position shared. */
export const checkInBody = () => ({
  location: { status: 'shared' as const, latitude: 52.41, longitude: -1.52, accuracy: 12 },
});

/** The team doctor of that requested size. */
export function teamOf(people: BenchPeople, size: TeamSize) {
  const team = people.teams.find((t) => t.requested === size);
  if (!team) throw new Error(`the bench data has no doctor with a care team of ${size}`);
  return team;
}

const count = (n: number) => n.toLocaleString('en-US');
/** How a team's size reads in a label: capped at the scenario's patients (1,000 at 10k). */
const teamLabel = (size: TeamSize) =>
  size > 1_000
    ? `care team of ${count(size)}; 1,000 at 10k, all it has`
    : `care team of ${count(size)}`;

/**
 * A doctor's lists at each care-team size: the patients page (by name, and Z to A) and their
 * appointments, so the report shows whether a list stays flat from a team of 10 to 10,000.
 */
export const teamTargets: Target[] = TEAM_SIZES.flatMap((size): Target[] => [
  {
    id: `patients-team-${size}`,
    label: `GET /api/patients?limit=50 (doctor: ${teamLabel(size)})`,
    kind: 'list',
    method: 'GET',
    route: '/api/patients',
    as: `team${size}`,
    path: () => '/api/patients?limit=50',
  },
  {
    id: `patients-team-${size}-name-desc`,
    label: `GET /api/patients?sort=-name&limit=50 (doctor: ${teamLabel(size)}, Z to A)`,
    kind: 'list',
    method: 'GET',
    route: '/api/patients',
    as: `team${size}`,
    path: () => '/api/patients?sort=-name&limit=50',
  },
  {
    id: `appointments-team-${size}`,
    label: `GET /api/appointments/doctor/{id} (doctor: ${teamLabel(size)}, 2 appointments each)`,
    kind: 'list',
    method: 'GET',
    route: '/api/appointments/doctor/{}',
    as: `team${size}`,
    path: (p) => `/api/appointments/doctor/${teamOf(p, size).doctorId}`,
  },
]);

/** The API endpoints measured in every scenario, each compared with the floor. */
export const targets: Target[] = [
  {
    id: 'patients-supervisor',
    label: 'GET /api/patients?limit=50 (supervisor: all patients)',
    kind: 'list',
    method: 'GET',
    route: '/api/patients',
    as: 'supervisor',
    path: () => '/api/patients?limit=50',
  },
  {
    id: 'patients-doctor',
    label: 'GET /api/patients?limit=50 (doctor: care team)',
    kind: 'list',
    method: 'GET',
    route: '/api/patients',
    as: 'doctor',
    path: () => '/api/patients?limit=50',
  },
  {
    id: 'patients-supervisor-dob-desc',
    label: 'GET /api/patients?sort=-dateOfBirth&limit=50 (supervisor: all, youngest first)',
    kind: 'list',
    method: 'GET',
    route: '/api/patients',
    as: 'supervisor',
    path: () => '/api/patients?sort=-dateOfBirth&limit=50',
  },
  {
    id: 'patients-doctor-name-desc',
    label: 'GET /api/patients?sort=-name&limit=50 (doctor: care team, Z to A)',
    kind: 'list',
    method: 'GET',
    route: '/api/patients',
    as: 'doctor',
    path: () => '/api/patients?sort=-name&limit=50',
  },
  {
    id: 'records-supervisor-patient',
    label: 'GET /api/medical-records?sort=patient&limit=50 (supervisor: all, by patient)',
    kind: 'list',
    method: 'GET',
    route: '/api/medical-records',
    as: 'supervisor',
    path: () => '/api/medical-records?sort=patient&limit=50',
  },
  {
    id: 'records-doctor-date-asc-patient',
    label:
      'GET /api/medical-records?sort=date&patientId={id}&limit=50 (doctor: one patient, oldest first)',
    kind: 'list',
    method: 'GET',
    route: '/api/medical-records',
    as: 'doctor',
    path: (p) => `/api/medical-records?sort=date&patientId=${p.patientId}&limit=50`,
  },
  {
    id: 'appointments-doctor',
    label: 'GET /api/appointments/doctor/{id}',
    kind: 'list',
    method: 'GET',
    route: '/api/appointments/doctor/{}',
    as: 'doctor',
    path: (p) => `/api/appointments/doctor/${p.doctorId}`,
  },
  ...teamTargets,
  {
    id: 'dash-records',
    label: 'GET /api/medical-records/patient/{id}?limit=3&count=none (patient)',
    kind: 'dashboard',
    method: 'GET',
    route: '/api/medical-records/patient/{}',
    as: 'patient',
    path: (p) => `/api/medical-records/patient/${p.patientId}?limit=3&count=none`,
  },
  {
    id: 'dash-appointments',
    label: 'GET /api/appointments/patient/{id}?from=now&limit=3&count=none (patient)',
    kind: 'dashboard',
    method: 'GET',
    route: '/api/appointments/patient/{}',
    as: 'patient',
    path: (p) =>
      `/api/appointments/patient/${p.patientId}?from=${encodeURIComponent(openedAt)}&order=asc&limit=3&count=none`,
  },
  {
    id: 'dash-progress',
    label: 'GET /api/progress-reports/patient/{id}?limit=1&count=none (patient)',
    kind: 'dashboard',
    method: 'GET',
    route: '/api/progress-reports/patient/{}',
    as: 'patient',
    path: (p) => `/api/progress-reports/patient/${p.patientId}?limit=1&count=none`,
  },
  {
    id: 'dash-prescriptions',
    label: 'GET /api/prescriptions/patient/{id}?limit=5&count=none (patient)',
    kind: 'dashboard',
    method: 'GET',
    route: '/api/prescriptions/patient/{}',
    as: 'patient',
    path: (p) => `/api/prescriptions/patient/${p.patientId}?limit=5&count=none`,
  },
  {
    id: 'chart-header',
    label: 'GET /api/patients/{id}/chart (doctor, a patient with a long history)',
    kind: 'dashboard',
    method: 'GET',
    route: '/api/patients/{}/chart',
    as: 'doctor',
    path: (p) => `/api/patients/${p.historyPatientId}/chart`,
  },
  {
    id: 'fhir-patient',
    label: "GET /api/patients/{id}/fhir (supervisor, one patient's FHIR R4 bundle)",
    kind: 'dashboard',
    method: 'GET',
    route: '/api/patients/{}/fhir',
    as: 'supervisor',
    path: (p) => `/api/patients/${p.patientId}/fhir`,
  },
  {
    id: 'patients-csv-doctor',
    label: 'GET /api/patients.csv (doctor: care team of 20 patients as CSV)',
    kind: 'list',
    method: 'GET',
    route: '/api/patients.csv',
    as: 'doctor',
    path: () => '/api/patients.csv',
  },
  {
    id: 'calendar-feed',
    label:
      "GET /api/calendar-feed/{token}.ics (50 doctors' feeds in turn, no session: past and next 60 days)",
    kind: 'dashboard',
    method: 'GET',
    route: '/api/calendar-feed/{}.ics',
    as: 'doctor',
    path: (_p, tokens) => nextFeedPath(tokens),
    freshPath: true,
  },
  {
    id: 'import-dry-run',
    label: `POST /api/patients/import?dryRun=true (admin: a ${IMPORT_ROWS}-row CSV checked, nothing created)`,
    kind: 'write',
    method: 'POST',
    route: '/api/patients/import',
    as: 'admin',
    path: () => '/api/patients/import?dryRun=true',
    upload: importUpload(IMPORT_ROWS),
  },
  {
    id: 'timeline-first',
    label: 'GET /api/patients/{id}/timeline (doctor, first page of 30)',
    kind: 'list',
    method: 'GET',
    route: '/api/patients/{}/timeline',
    as: 'doctor',
    path: (p) => `/api/patients/${p.historyPatientId}/timeline`,
  },
  {
    id: 'timeline-deep',
    label: 'GET /api/patients/{id}/timeline?cursor= (doctor, a page a year back)',
    kind: 'list',
    method: 'GET',
    route: '/api/patients/{}/timeline',
    as: 'doctor',
    path: (p) => `/api/patients/${p.historyPatientId}/timeline?cursor=${p.deepCursor}`,
  },
  {
    id: 'vital-series-90',
    label: 'GET /api/patients/{id}/vital-series?days=90 (doctor, 360+ readings)',
    kind: 'dashboard',
    method: 'GET',
    route: '/api/patients/{}/vital-series',
    as: 'doctor',
    path: (p) => `/api/patients/${p.historyPatientId}/vital-series?days=90`,
  },
  {
    id: 'post-appointment',
    label: 'POST /api/appointments (doctor, JSON)',
    kind: 'write',
    floor: 'write',
    method: 'POST',
    route: '/api/appointments',
    as: 'writer',
    path: () => '/api/appointments',
    body: writtenAppointment,
  },
  {
    id: 'doses-due',
    label: 'GET /api/doses/due (caregiver: 30 patients x 8 medicines, 3 times a day)',
    kind: 'list',
    method: 'GET',
    route: '/api/doses/due',
    as: 'caregiver',
    path: () => '/api/doses/due',
  },
  {
    id: 'dose-record',
    label: 'POST /api/doses (doctor records a scheduled dose given, JSON)',
    kind: 'write',
    floor: 'write',
    method: 'POST',
    route: '/api/doses',
    as: 'writer',
    path: () => '/api/doses',
    body: writtenDose,
  },
  {
    id: 'mar-month',
    label: 'GET /api/patients/{id}/mar?month= (caregiver, this month, 8 medicines)',
    kind: 'list',
    method: 'GET',
    route: '/api/patients/{}/mar',
    as: 'caregiver',
    path: (p) => `/api/patients/${p.marPatientId}/mar?month=${thisMonth}`,
  },
  {
    id: 'visits-mine',
    label: 'GET /api/visits/mine (caregiver: 8 visits today, with tasks)',
    kind: 'dashboard',
    method: 'GET',
    route: '/api/visits/mine',
    as: 'caregiver',
    path: () => '/api/visits/mine',
  },
  {
    id: 'rota-week',
    label: 'GET /api/rota?week= (supervisor: every caregiver and visit of a week)',
    kind: 'list',
    method: 'GET',
    route: '/api/rota',
    as: 'supervisor',
    path: (p) => `/api/rota?week=${p.visits.rotaWeek}`,
  },
  {
    id: 'rota-day',
    label:
      "GET /api/rota/day?date= (supervisor or coordinator: a day's visits and counts, the coordinator's dashboard)",
    kind: 'dashboard',
    method: 'GET',
    route: '/api/rota/day',
    as: 'supervisor',
    path: (p) => `/api/rota/day?date=${p.visits.rotaWeek}`,
  },
  {
    id: 'timesheet-month',
    label: 'GET /api/timesheets?from=&to= (caregiver: own month, 8 visits a day)',
    kind: 'list',
    method: 'GET',
    route: '/api/timesheets',
    as: 'caregiver',
    path: (p) => `/api/timesheets?from=${p.visits.timesheetFrom}&to=${p.visits.timesheetTo}`,
  },
  {
    id: 'visit-check-in',
    label: 'POST /api/visits/check-in/{id} (caregiver checks in to a fresh visit, JSON)',
    kind: 'write',
    floor: 'write',
    method: 'POST',
    route: '/api/visits/check-in/{}',
    as: 'checker',
    path: nextCheckInPath,
    freshPath: true,
    body: checkInBody,
  },
  ...writeTargets(nextCheckInPath),
];

/** The floor with one more piece of the app's work per step. */
export const ladder = [
  { id: 'floor-session', label: 'floor + session lookup', path: '/floor/patients/session' },
  {
    id: 'floor-scope',
    label: 'floor + session + care-team scope + count(*)',
    path: '/floor/patients/scope',
  },
  {
    id: 'floor-audit',
    label: 'floor + session + scope + audit insert',
    path: '/floor/patients/audit',
  },
  {
    id: 'floor-audit-async',
    label: 'the same, audit insert with synchronous_commit=off',
    path: '/floor/patients/audit-async',
  },
];
