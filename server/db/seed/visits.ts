import { sql } from 'drizzle-orm';
import { addDays, isoWeekday, localParts, zonedInstant } from '../../../shared/dose-schedule.ts';
import { visitTexts } from '../../../shared/messages.ts';
import type { LocationStatus, ServiceType, VisitStatus } from '../../../shared/schemas/visits.ts';
import { overlaps, weekOf, weeklyOccurrences, type Span } from '../../../shared/visit-rules.ts';
import type { Executor } from '../client.ts';
import { rowsOf } from '../raw-rows.ts';
import { carePlanTasks, notifications, visitSeries } from '../schema/index.ts';
import { insertAll, type PatientContext, type Staff } from './agency.ts';
import { DAY, MINUTE } from './calendar.ts';
import type { Random } from './random.ts';
import { DEMO_TIME_ZONE } from './rounds.ts';

/**
 * Caregiver visits draw from a generator of their own, seeded from the agency's seed: adding
 * them changed no other draw, so the rest of the demo agency is the one it was before them.
 */
export const visitsSeed = (agencySeed: number): number => (agencySeed ^ 0x76697369) >>> 0;

/** The demo agency's late setting (the product's default). */
export const DEMO_LATE_AFTER_MINUTES = 15;
/** How far back the rota's completed visits go. */
const HISTORY_DAYS = 28;
/** A caregiver needs this long between two visits to travel. */
const TRAVEL_MINUTES = 15;

// prettier-ignore
const taskTitles = [
  'Help with shower', 'Help getting washed and dressed', 'Prepare breakfast', 'Prepare lunch',
  'Prepare a light supper', 'Check skin for pressure areas', 'Prompt to drink fluids',
  'Empty commode', 'Apply cream to lower legs', 'Prompt medication from the blister pack',
  'Help with a short walk', 'Change bed linen', 'Wash up and tidy the kitchen',
  'Check the fridge for out-of-date food', 'Help with hearing aids', 'Record food and fluid intake',
];
// prettier-ignore
const notDoneReasons: Record<string, string[]> = {
  'Help with shower': ['Declined today, had a wash at the sink instead', 'Felt too tired; offered again tomorrow'],
  'Help getting washed and dressed': ['Wanted to stay in the dressing gown today'],
  'Change bed linen': ['No clean linen in the house; family told'],
  'Help with a short walk': ['Raining hard; did chair exercises instead', 'Knee too painful today'],
  'Empty commode': ['Already emptied by the family'],
  'Prepare lunch': ['Daughter brought lunch in'],
};
const otherNotDone = ['Declined today', 'Asleep in the chair, did not want to be disturbed'];
// prettier-ignore
const notes = [
  'In good spirits; ate all of the breakfast.', 'A little breathless on the stairs; told the office.',
  'Daughter visited during the call.', 'Skin on both heels intact.', 'Drank two cups of tea and a glass of water.',
  'Quiet today, said she slept badly.', 'Watched the racing together; chatted about the garden.',
];
// prettier-ignore
const instructionsBy: Record<ServiceType, string[]> = {
  'personal-care': ['Key safe by the back door; the office has the code.', 'Prefers a female carer; likes the bathroom warm first.', ''],
  'meal-preparation': ['Soft diet; no nuts.', 'Likes soup and a sandwich; check the fridge dates.', ''],
  'medication-support': ['Blister pack on the kitchen shelf; record on the MAR.', ''],
  companionship: ['Enjoys a walk to the end of the road when dry.', 'Likes to do the crossword together.', ''],
  nursing: ['Dressing change to the left shin; supplies in the hall cupboard.', ''],
  other: [''],
};
const cancelReasons = [
  'In hospital after a fall; the family phoned the office',
  'Out with the family for the day; the family phoned the office',
];
const correctionReason =
  'Forgot to check out; the time was confirmed with the family by phone the next morning';

/** A part of the day visits are planned in, with its usual starts, lengths and service. */
interface SlotKind {
  starts: string[];
  minutes: number[];
  services: ServiceType[];
}
// prettier-ignore
const slotKinds: SlotKind[] = [
  { starts: ['07:30', '08:00', '08:30', '09:00', '09:30', '10:00'], minutes: [45, 60], services: ['personal-care'] },
  { starts: ['12:00', '12:15', '12:30', '12:45', '13:00'], minutes: [30, 45], services: ['meal-preparation'] },
  { starts: ['14:00', '14:30', '15:00', '15:30'], minutes: [60, 90], services: ['companionship', 'nursing', 'medication-support'] },
  { starts: ['17:00', '17:15', '17:30', '17:45', '18:00'], minutes: [30, 45], services: ['meal-preparation', 'medication-support'] },
  { starts: ['19:30', '19:45', '20:00', '20:30'], minutes: [30], services: ['personal-care'] },
];
/** Weekly patterns of a series (ISO weekdays), the first ones the most usual. */
// prettier-ignore
const patterns = [[1, 3, 5], [2, 4], [1, 3, 5], [1, 2, 3, 4, 5], [2, 5], [1, 4], [3, 6], [1, 3, 5, 7], [2, 4, 6], [7]];

/** The service a visit at a local time of day is for. */
function serviceAt(minutes: number, random: Random): ServiceType {
  if (minutes < 6 * 60) return random.pick(['personal-care', 'companionship']);
  if (minutes < 11 * 60) return 'personal-care';
  if (minutes < 14 * 60) return 'meal-preparation';
  if (minutes < 17 * 60) return random.pick(['companionship', 'nursing', 'medication-support']);
  if (minutes < 19 * 60) return 'meal-preparation';
  return 'personal-care';
}

const hhmm = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (time: string): number => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

interface CarePlanDraft {
  patientId: number;
  title: string;
  position: number;
  recordedBy: number;
  createdAt: Date;
}

export interface SeriesDraft {
  patientId: number;
  weekdays: number[];
  untilDate: string;
  createdBy: number;
  createdAt: Date;
}

interface Position {
  status: LocationStatus;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
}

export interface VisitDraft {
  patientId: number;
  caregiverId: number | null;
  series: SeriesDraft | null;
  plannedStart: Date;
  plannedEnd: Date;
  serviceType: ServiceType;
  status: VisitStatus;
  cancelReason: string | null;
  instructions: string;
  checkInAt: Date | null;
  checkIn: Position | null;
  checkOutAt: Date | null;
  checkOut: Position | null;
  note: string;
  recordedBy: number;
  createdAt: Date;
  updatedAt: Date;
  tasks: { title: string; status: 'pending' | 'done' | 'not-done'; reason: string }[];
  alerts: ('late' | 'missed')[];
  correction: { previousCheckOutAt: null; checkOutAt: Date; at: Date } | null;
  /** Who the patient's alerts tell: the care team's doctor (and the agency's supervisors). */
  doctorId: number;
  caregiverName: string;
  patientName: string;
}

/** The rota of the whole agency, inserted after every other row. */
export interface VisitsRows {
  carePlans: CarePlanDraft[];
  series: SeriesDraft[];
  visits: VisitDraft[];
}

export const emptyVisitsRows = (): VisitsRows => ({ carePlans: [], series: [], visits: [] });

/** A patient as the rota plans for them. */
interface RotaPatient {
  context: PatientContext;
  tasks: string[];
  /** Where the home is, roughly: positions shared at check-in fall near it. */
  home: { latitude: number; longitude: number };
}

/** Every patient's 2-5 standing care plan tasks, set by their doctor after registration. */
export function addCarePlan(p: PatientContext, random: Random, out: VisitsRows): RotaPatient {
  const tasks = random.sample(taskTitles, random.int(2, 5));
  const createdAt = new Date(p.agency.now.getTime() - random.int(35, 39) * DAY);
  tasks.forEach((title, position) =>
    out.carePlans.push({
      patientId: p.patientId,
      title,
      position,
      recordedBy: p.doctor.id,
      createdAt,
    }),
  );
  return {
    context: p,
    tasks,
    home: { latitude: 52.2 + random.next() * 0.2, longitude: -1.6 + random.next() * 0.3 },
  };
}

/** Who is booked when, per person and local date: caregivers need travel time between visits. */
class Bookings {
  private readonly spans = new Map<string, Span[]>();
  private readonly dates = new WeakMap<Span, string>();

  /** The local date of a span's start (computed once per span: the planner asks often). */
  private key(who: string, span: Span): string {
    let date = this.dates.get(span);
    if (date === undefined) {
      date = localParts(span.start, DEMO_TIME_ZONE).date;
      this.dates.set(span, date);
    }
    return `${who}|${date}`;
  }

  free(who: string, span: Span, gapMinutes: number): boolean {
    const padded = {
      start: new Date(span.start.getTime() - gapMinutes * MINUTE),
      end: new Date(span.end.getTime() + gapMinutes * MINUTE),
    };
    return !(this.spans.get(this.key(who, span)) ?? []).some((s) => overlaps(s, padded));
  }

  add(who: string, span: Span): void {
    const key = this.key(who, span);
    const list = this.spans.get(key) ?? [];
    list.push(span);
    this.spans.set(key, list);
  }
}

/** What the whole rota is planned with. */
interface Plan {
  now: Date;
  random: Random;
  today: string;
  from: string;
  until: string;
  bookings: Bookings;
  out: VisitsRows;
  /** Per caregiver, whether their phone shares its position (most do). */
  shares: Map<number, boolean>;
}

const staffName = (s: Staff): string => `${s.firstName} ${s.secondName}`;

/**
 * Plans a lived-in rota for the agency, in its zone: every patient gets one to three weekly
 * series (Mon/Wed/Fri morning personal care, weekday lunches...) with a caregiver of their care
 * team who is free then (travel time between visits, never two at once), from four weeks ago to
 * the end of the week after next. The past is done: checked in and out near the plan, tasks
 * marked, a few late check-ins (with their alerts), a few missed visits (with their alerts),
 * one or two cancelled, one check-out a supervisor corrected. The visit under way now is
 * checked in; the rest is planned. The caregiver login (`loginCaregiver`) has a day around
 * `now`: visits done earlier, one under way, one due soon and more later. Two visits this week
 * have nobody assigned yet.
 */
export function planVisits(
  patients: RotaPatient[],
  loginCaregiver: Staff | undefined,
  random: Random,
  now: Date,
  out: VisitsRows,
): void {
  const today = localParts(now, DEMO_TIME_ZONE).date;
  const { weekStart } = weekOf(today);
  const plan: Plan = {
    now,
    random,
    today,
    from: addDays(today, -HISTORY_DAYS),
    until: addDays(weekStart, 20),
    bookings: new Bookings(),
    out,
    shares: new Map(),
  };
  for (const p of patients) {
    for (const c of p.context.team) {
      if (!plan.shares.has(c.id)) plan.shares.set(c.id, random.chance(0.75));
    }
  }

  if (loginCaregiver) planLoginDay(plan, patients, loginCaregiver);
  for (const p of patients) {
    const count = random.chance(0.25) ? 1 : random.chance(0.6) ? 2 : 3;
    // The parts of the day in turn until `count` of them found a caregiver free.
    let placed = 0;
    for (const kind of random.shuffle(slotKinds)) {
      if (placed < count && planSeries(plan, p, kind)) placed += 1;
    }
  }
  planUnassigned(plan, patients, weekStart);
  markExceptions(plan);
}

/**
 * The caregiver login's series, timed around `now` so the demo always opens on a day under way:
 * done at 4 h, 2.5 h and 1.25 h ago, one started 15 minutes ago, one in 45 minutes, more later
 * (only those on the same local date: at night, a night sitting).
 */
function planLoginDay(plan: Plan, patients: RotaPatient[], caregiver: Staff): void {
  const { random, now, today } = plan;
  const mine = random.shuffle(
    patients.filter((p) => p.context.team.some((c) => c.id === caregiver.id)),
  );
  if (mine.length === 0) return;
  const local = localParts(now, DEMO_TIME_ZONE).time;
  const anchor = Math.floor(minutesOf(local) / 5) * 5;
  const day = isoWeekday(today);
  const steps = [
    { offset: -240, minutes: 60 },
    { offset: -150, minutes: 45 },
    { offset: -75, minutes: 45 },
    { offset: -15, minutes: 45 },
    { offset: 45, minutes: 45 },
    { offset: 135, minutes: 45 },
    { offset: 240, minutes: 45 },
  ];
  steps.forEach((step, i) => {
    const start = anchor + step.offset;
    if (start < 0 || start + step.minutes > 24 * 60) return;
    const patient = mine[i % mine.length]!;
    // Daily for some, three days a week (today one of them) for the others.
    const weekdays = random.chance(0.4)
      ? [1, 2, 3, 4, 5, 6, 7]
      : [day, ((day + 1) % 7) + 1, ((day + 3) % 7) + 1].sort((a, b) => a - b);
    addSeries(plan, patient, {
      caregiver,
      weekdays,
      spans: occurrences(plan, weekdays, hhmm(start), step.minutes),
      service: serviceAt(start, random),
    });
  });
}

/** A series of one kind for a patient, with the first caregiver of their team who is free. */
function planSeries(plan: Plan, p: RotaPatient, kind: SlotKind): boolean {
  const { random } = plan;
  const weekdays = random.pick(patterns);
  const minutes = random.pick(kind.minutes);
  const service = random.pick(kind.services);
  const team = random.shuffle(p.context.team);
  for (const start of random.shuffle(kind.starts)) {
    const spans = occurrences(plan, weekdays, start, minutes);
    for (const caregiver of team) {
      if (addSeries(plan, p, { caregiver, weekdays, spans, service }, true)) return true;
    }
  }
  return false;
}

/** The occurrences of a weekly series from the plan's first date to its last. */
function occurrences(plan: Plan, weekdays: number[], start: string, minutes: number): Span[] {
  let first = plan.from;
  while (!weekdays.includes(isoWeekday(first))) first = addDays(first, 1);
  const at = zonedInstant(first, start, DEMO_TIME_ZONE);
  return weeklyOccurrences(
    { start: at, end: new Date(at.getTime() + minutes * MINUTE) },
    { weekdays, until: plan.until },
    DEMO_TIME_ZONE,
  );
}

/**
 * Adds a series when its caregiver and its patient are free at every occurrence (`strict`), or
 * else skips the occurrences that clash; answers whether it was added.
 */
function addSeries(
  plan: Plan,
  p: RotaPatient,
  s: { caregiver: Staff; weekdays: number[]; spans: Span[]; service: ServiceType },
  strict = false,
): boolean {
  const { random, bookings, out } = plan;
  const { spans } = s;
  const free = (span: Span) =>
    bookings.free(`c${s.caregiver.id}`, span, TRAVEL_MINUTES) &&
    bookings.free(`p${p.context.patientId}`, span, 0);
  if (strict && !spans.every(free)) return false;
  const kept = spans.filter(free);
  if (kept.length === 0) return false;
  const series: SeriesDraft = {
    patientId: p.context.patientId,
    weekdays: s.weekdays,
    untilDate: plan.until,
    createdBy: p.context.doctor.id,
    createdAt: new Date(spans[0]!.start.getTime() - random.int(3, 10) * DAY),
  };
  out.series.push(series);
  const instructions = random.pick(instructionsBy[s.service]);
  for (const span of kept) {
    bookings.add(`c${s.caregiver.id}`, span);
    bookings.add(`p${p.context.patientId}`, span);
    out.visits.push(visitAt(plan, p, span, { ...s, series, instructions }));
  }
  return true;
}

/** A visit as it stands at `now`: done in the past, checked in when under way, else planned. */
function visitAt(
  plan: Plan,
  p: RotaPatient,
  span: Span,
  s: {
    caregiver: Staff | null;
    series: SeriesDraft | null;
    service: ServiceType;
    instructions: string;
  },
): VisitDraft {
  const { random, now } = plan;
  // Every draw happens whatever the visit's state, so one visit's fate never shifts another's.
  const inJitter = random.int(-6, 9);
  const outJitter = random.int(-6, 6);
  const withNote = random.chance(0.3);
  const note = random.pick(notes);
  const outcomes = p.tasks.map((title) => ({
    title,
    notDone: random.chance(0.05),
    reason: random.pick(notDoneReasons[title] ?? otherNotDone),
  }));
  // Under way until the caregiver checks out, a few minutes either side of the planned end.
  const leaving = new Date(span.end.getTime() + outJitter * MINUTE);
  const started = span.start.getTime() <= now.getTime();
  const ended = leaving.getTime() <= now.getTime();
  const checkInAt = started
    ? new Date(Math.min(span.start.getTime() + inJitter * MINUTE, now.getTime() - MINUTE))
    : null;
  const checkOutAt = ended ? leaving : null;
  const position = (at: Date | null) =>
    at && s.caregiver ? positionOf(plan, p, s.caregiver.id) : null;
  const createdAt = s.series?.createdAt ?? new Date(span.start.getTime() - 3 * DAY);
  return {
    patientId: p.context.patientId,
    caregiverId: s.caregiver?.id ?? null,
    series: s.series,
    plannedStart: span.start,
    plannedEnd: span.end,
    serviceType: s.service,
    status: ended ? 'completed' : started ? 'in-progress' : 'planned',
    cancelReason: null,
    instructions: s.instructions,
    checkInAt,
    checkIn: position(checkInAt),
    checkOutAt,
    checkOut: position(checkOutAt),
    note: ended && withNote ? note : '',
    recordedBy: p.context.doctor.id,
    createdAt,
    updatedAt: checkOutAt ?? checkInAt ?? createdAt,
    tasks: outcomes.map((t) => ({
      title: t.title,
      status: ended ? (t.notDone ? 'not-done' : 'done') : 'pending',
      reason: ended && t.notDone ? t.reason : '',
    })),
    alerts: [],
    correction: null,
    doctorId: p.context.doctor.id,
    caregiverName: s.caregiver ? staffName(s.caregiver) : '',
    patientName: `${p.context.person.firstName} ${p.context.person.lastName}`,
  };
}

/** Where a caregiver's phone put them: near the home when shared, else refused or unavailable. */
function positionOf(plan: Plan, p: RotaPatient, caregiverId: number): Position {
  const { random } = plan;
  const jitter = () => (random.next() - 0.5) * 0.0006;
  const accuracy = random.int(5, 40);
  const unavailable = random.chance(0.05);
  if (!plan.shares.get(caregiverId)) {
    return { status: 'refused', latitude: null, longitude: null, accuracy: null };
  }
  if (unavailable)
    return { status: 'unavailable', latitude: null, longitude: null, accuracy: null };
  return {
    status: 'shared',
    latitude: Number((p.home.latitude + jitter()).toFixed(6)),
    longitude: Number((p.home.longitude + jitter()).toFixed(6)),
    accuracy,
  };
}

/**
 * Two visits this week that nobody is assigned to yet (a new patient's companionship, a one-off
 * escort), on the days left in the week, else early next week.
 */
function planUnassigned(plan: Plan, patients: RotaPatient[], weekStart: string): void {
  const { random, now, today, bookings, out } = plan;
  const morning = minutesOf(localParts(now, DEMO_TIME_ZONE).time) < 12 * 60;
  const days = Array.from({ length: 9 }, (_, i) => addDays(weekStart, i)).filter(
    (d) => d > today || (d === today && morning),
  );
  let placed = 0;
  for (const day of days) {
    if (placed === 2) return;
    for (const p of random.sample(patients, 5)) {
      const start = zonedInstant(day, random.pick(['14:00', '14:30', '15:00']), DEMO_TIME_ZONE);
      const span = { start, end: new Date(start.getTime() + 60 * MINUTE) };
      if (!bookings.free(`p${p.context.patientId}`, span, 0)) continue;
      bookings.add(`p${p.context.patientId}`, span);
      const service = random.pick<ServiceType>(['companionship', 'other']);
      out.visits.push(
        visitAt(plan, p, span, {
          caregiver: null,
          series: null,
          service,
          instructions:
            service === 'other'
              ? 'Escort to the hospital eye clinic; taxi booked for 14:15.'
              : 'New to the agency: introduce yourself and go through the care plan.',
        }),
      );
      placed += 1;
      break;
    }
  }
}

/**
 * The past's exceptions: about 3% of visits checked in late (they alerted), two to four missed
 * (alerted late, then missed), one or two cancelled, and one check-out a supervisor corrected.
 */
function markExceptions(plan: Plan): void {
  const { random, now, out } = plan;
  const dayAgo = now.getTime() - DAY;
  const past = out.visits.filter(
    (v) => v.status === 'completed' && v.caregiverId !== null && v.plannedEnd.getTime() < dayAgo,
  );
  for (const v of past) {
    const late = random.chance(0.03);
    const by = random.int(18, 30);
    const stay = random.int(0, 5);
    if (!late) continue;
    // Held up on the way: leaves about on time, after at least a quarter of an hour.
    v.checkInAt = new Date(v.plannedStart.getTime() + by * MINUTE);
    v.checkOutAt = new Date(
      Math.max(v.plannedEnd.getTime() + stay * MINUTE, v.checkInAt.getTime() + 15 * MINUTE),
    );
    v.updatedAt = v.checkOutAt;
    v.alerts = ['late'];
  }
  const onTime = random.shuffle(past.filter((v) => v.alerts.length === 0));
  const missed = onTime.slice(0, random.int(2, 4));
  for (const v of missed) {
    Object.assign(v, {
      status: 'missed',
      checkInAt: null,
      checkIn: null,
      checkOutAt: null,
      checkOut: null,
      note: '',
      updatedAt: v.plannedEnd,
      alerts: ['late', 'missed'],
    });
    for (const t of v.tasks) Object.assign(t, { status: 'pending', reason: '' });
  }
  // One patient's visits in hospital, in the past; one visit called off this week or next.
  const cancelled = [onTime[missed.length]];
  const ahead = out.visits.filter(
    (v) =>
      v.status === 'planned' &&
      v.caregiverId !== null &&
      v.plannedStart.getTime() > dayAgo + 2 * DAY,
  );
  if (ahead.length > 0 && random.chance(0.7)) cancelled.push(random.pick(ahead));
  cancelled.forEach((v, i) => {
    if (!v) return;
    Object.assign(v, {
      status: 'cancelled',
      cancelReason: cancelReasons[i % cancelReasons.length],
      checkInAt: null,
      checkIn: null,
      checkOutAt: null,
      checkOut: null,
      note: '',
      updatedAt: new Date(Math.min(v.plannedStart.getTime() - 20 * 3600_000, now.getTime())),
    });
    for (const t of v.tasks) Object.assign(t, { status: 'pending', reason: '' });
  });
  // The caregiver forgot to check out; the supervisor set the time the next morning.
  const forgot = onTime[missed.length + 1];
  if (forgot && forgot.checkOutAt) {
    const at = new Date(Math.min(forgot.plannedEnd.getTime() + 14 * 3600_000, now.getTime()));
    forgot.correction = { previousCheckOutAt: null, checkOutAt: forgot.checkOutAt, at };
    forgot.checkOut = null;
    forgot.updatedAt = at;
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Inserts the rota after every other row: the care plans, the series, every visit with its
 * tasks in one statement over a JSON array (thousands of rows in a fraction of the time of
 * row-by-row parameters), the corrections, and the alerts of late and missed visits with their
 * notifications (so the alert job does not send them again on the first start).
 */
export async function insertVisits(tx: Executor, now: Date, rows: VisitsRows): Promise<void> {
  await insertAll(tx, carePlanTasks, rows.carePlans);
  const seriesIds = new Map<SeriesDraft, number>();
  for (let i = 0; i < rows.series.length; i += 300) {
    const chunk = rows.series.slice(i, i + 300);
    const added = await tx.insert(visitSeries).values(chunk).returning({ id: visitSeries.id });
    chunk.forEach((s, j) => seriesIds.set(s, added[j]!.id));
  }
  // The office: supervisors hear of late and missed visits; the admin corrects the timesheet.
  const office = await rowsOf<{ id: number; privileges: string }>(
    tx,
    sql`select id, privileges from users
        where privileges in ('supervisor', 'admin') and role <> 'patient' and is_active
        order by id`,
  );
  const supervisors = office.filter((u) => u.privileges === 'supervisor').map((u) => u.id);

  const visitRows = rows.visits.map((v) => ({
    patient_id: v.patientId,
    caregiver_id: v.caregiverId,
    series_id: v.series ? seriesIds.get(v.series)! : null,
    planned_start: iso(v.plannedStart),
    planned_end: iso(v.plannedEnd),
    service_type: v.serviceType,
    status: v.status,
    cancel_reason: v.cancelReason,
    instructions: v.instructions,
    check_in_at: iso(v.checkInAt),
    check_in_location: v.checkIn?.status ?? null,
    check_in_latitude: v.checkIn?.latitude ?? null,
    check_in_longitude: v.checkIn?.longitude ?? null,
    check_in_accuracy: v.checkIn?.accuracy ?? null,
    check_out_at: iso(v.checkOutAt),
    check_out_location: v.checkOut?.status ?? null,
    check_out_latitude: v.checkOut?.latitude ?? null,
    check_out_longitude: v.checkOut?.longitude ?? null,
    check_out_accuracy: v.checkOut?.accuracy ?? null,
    note: v.note,
    recorded_by: v.recordedBy,
    created_at: iso(v.createdAt),
    updated_at: iso(v.updatedAt),
    tasks: v.tasks,
  }));
  // A patient has one visit at a time: its start finds the visit again for its tasks.
  const result = (await tx.execute(sql`
    with src as (
      select * from json_to_recordset(${JSON.stringify(visitRows)}::json) as x(
        patient_id int, caregiver_id int, series_id int, planned_start timestamptz,
        planned_end timestamptz, service_type text, status text, cancel_reason text,
        instructions text, check_in_at timestamptz, check_in_location text,
        check_in_latitude float8, check_in_longitude float8, check_in_accuracy float8,
        check_out_at timestamptz, check_out_location text, check_out_latitude float8,
        check_out_longitude float8, check_out_accuracy float8, note text, recorded_by int,
        created_at timestamptz, updated_at timestamptz, tasks json)
    ), inserted as (
      insert into visits (patient_id, caregiver_id, series_id, planned_start, planned_end,
                          service_type, status, cancel_reason, instructions, check_in_at,
                          check_in_location, check_in_latitude, check_in_longitude,
                          check_in_accuracy, check_out_at, check_out_location,
                          check_out_latitude, check_out_longitude, check_out_accuracy, note,
                          recorded_by, created_at, updated_at)
      select patient_id, caregiver_id, series_id, planned_start, planned_end, service_type,
             status, cancel_reason, instructions, check_in_at, check_in_location,
             check_in_latitude, check_in_longitude, check_in_accuracy, check_out_at,
             check_out_location, check_out_latitude, check_out_longitude, check_out_accuracy,
             note, recorded_by, created_at, updated_at
      from src order by planned_start, patient_id
      returning id, patient_id, planned_start
    ), tasks as (
      insert into visit_tasks (visit_id, position, title, status, reason, updated_at)
      select i.id, t.n - 1, t.task->>'title', t.task->>'status', t.task->>'reason',
             s.updated_at
      from src s join inserted i on i.patient_id = s.patient_id
        and i.planned_start = s.planned_start
      cross join lateral json_array_elements(s.tasks) with ordinality as t(task, n)
      order by i.id, t.n
      returning 1
    )
    select (select count(*) from inserted)::int as visits,
           (select count(*) from tasks)::int as tasks`)) as unknown as {
    rows: { visits: number; tasks: number }[];
  };
  const taskCount = rows.visits.reduce((n, v) => n + v.tasks.length, 0);
  if (result.rows[0]?.visits !== rows.visits.length || result.rows[0]?.tasks !== taskCount) {
    throw new Error('Every demo visit must go in once, with its tasks');
  }

  const corrections = rows.visits
    .filter((v) => v.correction)
    .map((v) => ({
      patient_id: v.patientId,
      planned_start: iso(v.plannedStart),
      previous_check_in_at: iso(v.checkInAt),
      check_in_at: iso(v.checkInAt),
      check_out_at: iso(v.correction!.checkOutAt),
      reason: correctionReason,
      corrected_by: office[0]?.id ?? v.doctorId,
      corrected_at: iso(v.correction!.at),
    }));
  await tx.execute(sql`
    insert into visit_corrections (visit_id, previous_check_in_at, previous_check_out_at,
                                   previous_status, check_in_at, check_out_at, reason,
                                   corrected_by, corrected_at)
    select v.id, x.previous_check_in_at, null, 'in-progress', x.check_in_at, x.check_out_at,
           x.reason, x.corrected_by, x.corrected_at
    from json_to_recordset(${JSON.stringify(corrections)}::json) as x(
      patient_id int, planned_start timestamptz, previous_check_in_at timestamptz,
      check_in_at timestamptz, check_out_at timestamptz, reason text, corrected_by int,
      corrected_at timestamptz)
    join visits v on v.patient_id = x.patient_id and v.planned_start = x.planned_start`);

  const alerts = rows.visits.flatMap((v) =>
    v.alerts.map((kind) => ({ v, kind, at: alertTime(v, kind, now) })),
  );
  await tx.execute(sql`
    insert into visit_alerts (visit_id, kind, patient_id, created_at)
    select v.id, x.kind, x.patient_id, x.created_at
    from json_to_recordset(${JSON.stringify(
      alerts.map((a) => ({
        patient_id: a.v.patientId,
        planned_start: iso(a.v.plannedStart),
        kind: a.kind,
        created_at: iso(a.at),
      })),
    )}::json) as x(patient_id int, planned_start timestamptz, kind text, created_at timestamptz)
    join visits v on v.patient_id = x.patient_id and v.planned_start = x.planned_start`);
  // Only the last week's alerts are still in the bell; older ones were cleared long ago.
  const recent = now.getTime() - 7 * DAY;
  const notices = alerts
    .filter((a) => a.v.plannedStart.getTime() >= recent)
    .flatMap((a) => {
      const time = localParts(a.v.plannedStart, DEMO_TIME_ZONE).time;
      const message =
        a.kind === 'late'
          ? visitTexts.lateAlert(a.v.caregiverName, a.v.patientName, time)
          : visitTexts.missedAlert(a.v.caregiverName, a.v.patientName, time);
      // As the alert job sends them: the doctors and supervisors, and a missed visit's caregiver.
      const date = localParts(a.v.plannedStart, DEMO_TIME_ZONE).date;
      const to = [...new Set([a.v.doctorId, ...supervisors])].map((userId) => ({
        userId,
        link: `/rota?view=day&date=${date}`,
      }));
      if (a.kind === 'missed' && a.v.caregiverId !== null) {
        to.push({ userId: a.v.caregiverId, link: '/caregiver-dashboard' });
      }
      return to.map(({ userId, link }) => ({
        userId,
        message,
        kind: 'visit',
        link,
        createdAt: a.at,
        dismissedAt: new Date(Math.min(a.at.getTime() + 40 * MINUTE, now.getTime())),
      }));
    });
  await insertAll(tx, notifications, notices);
}

/** When an alert went: the late setting after the start, or at the planned end when missed. */
function alertTime(v: VisitDraft, kind: 'late' | 'missed', now: Date): Date {
  const at =
    kind === 'late'
      ? new Date(v.plannedStart.getTime() + DEMO_LATE_AFTER_MINUTES * MINUTE)
      : v.plannedEnd;
  return at.getTime() > now.getTime() ? now : at;
}
