/**
 * Scheduled doses from a prescription's schedule, in the agency's time zone: pure functions, the
 * one place that turns "08:00 every weekday" into instants. Doses are generated when read,
 * never stored ahead. Daylight-saving days neither skip nor double a dose: a time that does not
 * exist that day (the spring gap) moves forward by the gap, and a time that happens twice (the
 * autumn repeat) is the first of the two.
 */
import type { DoseOutcome, DoseStatus, NotGivenReason } from './schemas/doses.ts';

export interface FixedSchedule {
  /** YYYY-MM-DD, the first day of doses. */
  startDate: string;
  /** YYYY-MM-DD, the last day, inclusive; null: until stopped. */
  endDate: string | null;
  /** 'HH:MM' */
  doseTimes: readonly string[];
  /** ISO weekdays 1 (Monday) .. 7; null: every day. */
  weekdays: readonly number[] | null;
}

export interface DoseWindows {
  /** Due from this many minutes before the time to as many after; late after. */
  doseWindowMinutes: number;
  /** Missed this many minutes after the time, with no outcome. */
  doseMissedAfterMinutes: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a zone. */
function wallFields(zone: string, at: number) {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year!,
    month: fields.month!,
    day: fields.day!,
    hour: fields.hour === 24 ? 0 : fields.hour!,
    minute: fields.minute!,
    second: fields.second!,
  };
}

/** The zone's offset from UTC at an instant, in milliseconds, asked of Intl (slow: ~10 µs). */
function measuredOffset(zone: string, at: number): number {
  const f = wallFields(zone, at);
  const wall = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return wall - Math.floor(at / 1000) * 1000;
}

const QUARTER = 15 * MINUTE;
/**
 * Offsets per zone and quarter hour, each quarter without a change of offset inside it: a map
 * of quarter numbers per zone, so a hit builds no key string (a rota week asks 3,000 times).
 */
const offsetCache = new Map<string, Map<number, number>>();
let offsetCacheSize = 0;
const OFFSET_CACHE_LIMIT = 200_000;

/**
 * The zone's offset from UTC at an instant, in milliseconds (local wall time minus UTC).
 * Offsets change at most once in any quarter hour (every zone changes on a quarter hour), so a
 * quarter whose start and end agree holds one offset throughout and is cached; the quarter of
 * a change is asked afresh each time. Generating a caregiver's round asks thousands of times
 * for the same few days: without the cache, formatting dates was most of its time.
 */
function offsetAt(zone: string, at: number): number {
  const quarter = Math.floor(at / QUARTER);
  const cached = offsetCache.get(zone)?.get(quarter);
  if (cached !== undefined) return cached;
  const start = measuredOffset(zone, quarter * QUARTER);
  const end = measuredOffset(zone, (quarter + 1) * QUARTER - 1000);
  if (start !== end) return measuredOffset(zone, at);
  if (offsetCacheSize >= OFFSET_CACHE_LIMIT) {
    offsetCache.clear();
    offsetCacheSize = 0;
  }
  let quarters = offsetCache.get(zone);
  if (!quarters) {
    quarters = new Map();
    offsetCache.set(zone, quarters);
  }
  quarters.set(quarter, start);
  offsetCacheSize += 1;
  return start;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Date texts per UTC midnight: a round formats the same few days for every prescription. */
const dateTexts = new Map<number, string>();

/** 'YYYY-MM-DD' of a UTC day number's date. */
function dateText(utcMidnight: number): string {
  let text = dateTexts.get(utcMidnight);
  if (text === undefined) {
    text = new Date(utcMidnight).toISOString().slice(0, 10);
    if (dateTexts.size >= INSTANT_CACHE_LIMIT) dateTexts.clear();
    dateTexts.set(utcMidnight, text);
  }
  return text;
}
const utcMidnightOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The date `days` after a 'YYYY-MM-DD' date. */
export const addDays = (date: string, days: number): string =>
  dateText(utcMidnightOf(date) + days * DAY);

/** ISO weekday (1 Monday .. 7 Sunday) of a 'YYYY-MM-DD' date. */
export const isoWeekday = (date: string): number => {
  const day = new Date(utcMidnightOf(date)).getUTCDay();
  return day === 0 ? 7 : day;
};

/**
 * The instant of a local date and time in a zone. A time in the spring gap moves forward by the
 * gap (02:30 becomes 03:30); a time that happens twice is the first of the two.
 */
function computeZonedInstant(date: string, time: string, zone: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const wall = utcMidnightOf(date) + (hours * 60 + minutes) * MINUTE;
  const before = offsetAt(zone, wall - 12 * 60 * MINUTE);
  const after = offsetAt(zone, wall + 12 * 60 * MINUTE);
  const candidates = [wall - before, wall - after].filter((at) => at + offsetAt(zone, at) === wall);
  // None: the time does not exist that day; the offset before the change moves it forward.
  return candidates.length ? Math.min(...candidates) : wall - before;
}

/** Instants per zone, date and time: a round asks for the same few days on every request. */
const instantCache = new Map<string, number>();
const INSTANT_CACHE_LIMIT = 200_000;

export function zonedInstant(date: string, time: string, zone: string): Date {
  const key = `${zone}|${date}|${time}`;
  let at = instantCache.get(key);
  if (at === undefined) {
    at = computeZonedInstant(date, time, zone);
    if (instantCache.size >= INSTANT_CACHE_LIMIT) instantCache.clear();
    instantCache.set(key, at);
  }
  return new Date(at);
}

/** The local date, time and weekday of an instant in a zone. */
export function localParts(
  at: Date,
  zone: string,
): { date: string; time: string; weekday: number } {
  // The wall time is the instant moved by the zone's offset, read as if it were UTC.
  const wall = new Date(at.getTime() + offsetAt(zone, at.getTime()));
  const date = wall.toISOString().slice(0, 10);
  return {
    date,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
    weekday: wall.getUTCDay() || 7,
  };
}

/** Whether a fixed schedule has doses on a local date. */
export function dosesOnDate(schedule: FixedSchedule, date: string): boolean {
  if (date < schedule.startDate) return false;
  if (schedule.endDate !== null && date > schedule.endDate) return false;
  return schedule.weekdays === null || schedule.weekdays.includes(isoWeekday(date));
}

/**
 * A span [from, to) in a zone with its local days worked out once: the rounds ask the same span
 * of hundreds of schedules, and each of them finding its own days (dates formatted, parsed and
 * moved into the zone) was most of the cost of a caregiver's doses due.
 */
export interface DoseSpan {
  readonly zone: string;
  readonly fromMs: number;
  readonly toMs: number;
  /** The local days that can hold a dose of the span (a day either side), in order. */
  readonly days: readonly { readonly date: string; readonly weekday: number }[];
  /** Per set of times (joined), each day's instants, filled as schedules ask. */
  readonly instants: Map<string, (readonly number[] | undefined)[]>;
}

export function doseSpan(zone: string, from: Date, to: Date): DoseSpan {
  const fromMs = from.getTime();
  const toMs = to.getTime();
  const days: { date: string; weekday: number }[] = [];
  if (toMs > fromMs) {
    const last = utcMidnightOf(localParts(new Date(toMs + DAY), zone).date);
    for (
      let dayMs = utcMidnightOf(localParts(new Date(fromMs - DAY), zone).date);
      dayMs <= last;
      dayMs += DAY
    ) {
      days.push({ date: dateText(dayMs), weekday: new Date(dayMs).getUTCDay() || 7 });
    }
  }
  return { zone, fromMs, toMs, days, instants: new Map() };
}

/**
 * The scheduled doses of a fixed schedule in a span, as epoch milliseconds, oldest first. Cost:
 * the days of the span times the doses a day.
 */
export function dosesInSpan(schedule: FixedSchedule, span: DoseSpan): number[] {
  const timesKey = schedule.doseTimes.join(',');
  let perDay = span.instants.get(timesKey);
  if (!perDay) {
    perDay = [];
    span.instants.set(timesKey, perDay);
  }
  const out: number[] = [];
  for (let i = 0; i < span.days.length; i += 1) {
    const day = span.days[i]!;
    if (day.date < schedule.startDate) continue;
    if (schedule.endDate !== null && day.date > schedule.endDate) break;
    if (schedule.weekdays !== null && !schedule.weekdays.includes(day.weekday)) continue;
    let instants = perDay[i];
    if (!instants) {
      instants = dayInstants(day.date, schedule.doseTimes, timesKey, span.zone);
      perDay[i] = instants;
    }
    for (const ms of instants) {
      if (ms >= span.fromMs && ms < span.toMs) out.push(ms);
    }
  }
  out.sort((a, b) => a - b);
  // Two times of one day can meet in a spring gap (01:30 moved to 02:30, and 02:30): one dose.
  let kept = 0;
  for (let i = 0; i < out.length; i += 1) {
    if (i === 0 || out[i] !== out[kept - 1]) out[kept++] = out[i]!;
  }
  out.length = kept;
  return out;
}

/** The scheduled doses of a fixed schedule in [from, to), oldest first (see `dosesInSpan`). */
export function scheduledDoses(
  schedule: FixedSchedule,
  zone: string,
  from: Date,
  to: Date,
): Date[] {
  return dosesInSpan(schedule, doseSpan(zone, from, to)).map((ms) => new Date(ms));
}

/** The instants of a local date's dose times in a zone, epoch milliseconds (cached). */
export const dayDoseInstants = (date: string, times: readonly string[], zone: string) =>
  dayInstants(date, times, times.join(','), zone);

/** The instants of a day's times, per zone, date and set of times. */
const dayCache = new Map<string, readonly number[]>();

function dayInstants(
  date: string,
  times: readonly string[],
  timesKey: string,
  zone: string,
): readonly number[] {
  const key = `${zone}|${date}|${timesKey}`;
  let instants = dayCache.get(key);
  if (!instants) {
    instants = times.map((time) => zonedInstant(date, time, zone).getTime());
    if (dayCache.size >= INSTANT_CACHE_LIMIT) dayCache.clear();
    dayCache.set(key, instants);
  }
  return instants;
}

/** Whether `at` is one of the schedule's doses (to the millisecond). */
export function isScheduledDose(schedule: FixedSchedule, zone: string, at: Date): boolean {
  return scheduledDoses(schedule, zone, at, new Date(at.getTime() + 1)).length === 1;
}

/** The local date a dose belongs to (its day on the MAR): the date its local time was set for. */
export function doseLocalDate(schedule: FixedSchedule, zone: string, at: Date): string {
  // A time moved forward by a spring gap still belongs to its own date: the same in practice,
  // since gaps happen at night and never cross midnight.
  return localParts(at, zone).date;
}

/** Where a scheduled dose stands at `now`: its outcome, or by the windows. */
export function doseStatus(
  scheduledAt: Date,
  now: Date,
  windows: DoseWindows,
  outcome: DoseOutcome | null = null,
): DoseStatus {
  if (outcome) return outcome;
  const offset = now.getTime() - scheduledAt.getTime();
  if (offset < -windows.doseWindowMinutes * MINUTE) return 'upcoming';
  if (offset <= windows.doseWindowMinutes * MINUTE) return 'due';
  if (offset < windows.doseMissedAfterMinutes * MINUTE) return 'late';
  return 'missed';
}

/** When a dose becomes late and missed. */
export const lateFrom = (scheduledAt: Date, windows: DoseWindows): Date =>
  new Date(scheduledAt.getTime() + windows.doseWindowMinutes * MINUTE + 1);
export const missedFrom = (scheduledAt: Date, windows: DoseWindows): Date =>
  new Date(scheduledAt.getTime() + windows.doseMissedAfterMinutes * MINUTE);

/** A dose given after its due window is stored as given late. */
export function givenOutcome(scheduledAt: Date, givenAt: Date, windows: DoseWindows): DoseOutcome {
  return givenAt.getTime() > scheduledAt.getTime() + windows.doseWindowMinutes * MINUTE
    ? 'given-late'
    : 'given';
}

/** Initials of a name, for the MAR's cells: "Grace Kelford" -> "GK" (at most 3 letters). */
export function initialsOf(name: string): string {
  let initials = initialsCache.get(name);
  if (initials === undefined) {
    initials = computeInitials(name);
    if (initialsCache.size >= INSTANT_CACHE_LIMIT) initialsCache.clear();
    initialsCache.set(name, initials);
  }
  return initials;
}

/** Initials per name: a month's MAR asks for the same few recorders' hundreds of times. */
const initialsCache = new Map<string, string>();

function computeInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .slice(0, 3);
}

/** The MAR's letter of each reason a dose was not given. */
export const reasonCodes: Record<NotGivenReason, string> = {
  asleep: 'S',
  absent: 'A',
  'in-hospital': 'H',
  nausea: 'N',
  'out-of-stock': 'O',
  withheld: 'W',
  other: 'X',
};

/**
 * The MAR cell's text: the initials of who gave it (late: with an L), R refused, the reason's
 * letter for not given, M missed, '' while upcoming, due or late.
 */
export function marCode(
  status: DoseStatus,
  outcome: { reason: NotGivenReason | null; initials: string } | null,
): string {
  switch (status) {
    case 'given':
      return outcome?.initials ?? '';
    case 'given-late':
      return `${outcome?.initials ?? ''} L`.trim();
    case 'refused':
      return 'R';
    case 'not-given':
      return outcome?.reason ? reasonCodes[outcome.reason] : 'X';
    case 'missed':
      return 'M';
    case 'upcoming':
    case 'due':
    case 'late':
      return '';
  }
}
