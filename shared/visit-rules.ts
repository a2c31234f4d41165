/**
 * The rules of caregiver visits that the server and the screens share: weekly repeats in the
 * agency's zone (daylight saving included), overlaps, lateness and the timesheet's figures.
 * Pure functions of their inputs; no clock, no database.
 */
import { addDays, isoWeekday, localParts, zonedInstant } from './dose-schedule.ts';
import { MAX_REPEAT_DAYS } from './constants.ts';
import type { TimesheetException, VisitRepeat, VisitStatus } from './schemas/visits.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Check-in opens this long before a visit's planned start. */
export const CHECK_IN_OPENS_BEFORE_MINUTES = 60;

export interface Span {
  start: Date;
  end: Date;
}

/** Whether two visits share any moment ([start, end): one ending as the next starts is fine). */
export const overlaps = (a: Span, b: Span): boolean =>
  a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

/** Whole days from one 'YYYY-MM-DD' date to another. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

/**
 * The visits of a weekly repeat: the first visit as given, then every later date up to `until`
 * (inclusive) whose weekday is chosen, at the first visit's local start and end times in the
 * agency's zone (so 09:00 stays 09:00 across a change of clocks). An end on the next local day
 * (an overnight visit) stays on the next day. At most a year from the first visit.
 */
export function weeklyOccurrences(first: Span, repeat: VisitRepeat, zone: string): Span[] {
  const start = localParts(first.start, zone);
  const end = localParts(first.end, zone);
  const endDayOffset = daysBetween(start.date, end.date);
  const chosen = new Set(repeat.weekdays);
  const lastDate = addDays(start.date, MAX_REPEAT_DAYS);
  const until = repeat.until < lastDate ? repeat.until : lastDate;
  const spans: Span[] = [{ start: first.start, end: first.end }];
  for (let date = addDays(start.date, 1); date <= until; date = addDays(date, 1)) {
    if (!chosen.has(isoWeekday(date))) continue;
    spans.push({
      start: zonedInstant(date, start.time, zone),
      end: zonedInstant(addDays(date, endDayOffset), end.time, zone),
    });
  }
  return spans;
}

/**
 * A visit of a series moved to new local times of day ("this and following"): the same date,
 * the new start and end times, in the agency's zone.
 */
export function atLocalTimes(
  visitStart: Date,
  times: { startTime: string; endTime: string; endDayOffset: number },
  zone: string,
): Span {
  const date = localParts(visitStart, zone).date;
  return {
    start: zonedInstant(date, times.startTime, zone),
    end: zonedInstant(addDays(date, times.endDayOffset), times.endTime, zone),
  };
}

/** The local times of day of a visit, and on which day after its start it ends. */
export function localTimesOf(
  span: Span,
  zone: string,
): { date: string; startTime: string; endTime: string; endDayOffset: number } {
  const start = localParts(span.start, zone);
  const end = localParts(span.end, zone);
  return {
    date: start.date,
    startTime: start.time,
    endTime: end.time,
    endDayOffset: daysBetween(start.date, end.date),
  };
}

/** A planned visit not checked in by its start plus the agency's late setting. */
export function isLate(
  visit: { status: VisitStatus; plannedStart: Date; checkInAt: Date | null },
  lateAfterMinutes: number,
  now: Date,
): boolean {
  return (
    visit.status === 'planned' &&
    visit.checkInAt === null &&
    now.getTime() >= visit.plannedStart.getTime() + lateAfterMinutes * MINUTE
  );
}

/** When check-in opens for a visit. */
export const checkInOpensAt = (plannedStart: Date): Date =>
  new Date(plannedStart.getTime() - CHECK_IN_OPENS_BEFORE_MINUTES * MINUTE);

/** Whole minutes between two instants (rounded to the nearest minute). */
export const minutesBetween = (from: Date, to: Date): number =>
  Math.round((to.getTime() - from.getTime()) / MINUTE);

export interface TimesheetVisit {
  status: VisitStatus;
  plannedStart: Date;
  plannedEnd: Date;
  checkInAt: Date | null;
  checkOutAt: Date | null;
  corrected: boolean;
}

/**
 * A visit's line on a timesheet: planned and actual minutes and its exceptions. Late: checked
 * in more than the late setting after the start. Early leave: checked out more than the late
 * setting before the end. No check-out: checked in and still open after the planned end.
 * Cancelled visits count no minutes.
 */
export function timesheetFigures(
  visit: TimesheetVisit,
  lateAfterMinutes: number,
  now: Date,
): { plannedMinutes: number; actualMinutes: number | null; exceptions: TimesheetException[] } {
  const tolerance = lateAfterMinutes * MINUTE;
  const exceptions: TimesheetException[] = [];
  if (visit.status === 'missed') exceptions.push('missed');
  if (
    visit.checkInAt &&
    visit.checkInAt.getTime() > visit.plannedStart.getTime() + tolerance &&
    visit.status !== 'cancelled'
  ) {
    exceptions.push('late');
  }
  if (visit.checkOutAt && visit.checkOutAt.getTime() < visit.plannedEnd.getTime() - tolerance) {
    exceptions.push('early-leave');
  }
  if (visit.checkInAt && !visit.checkOutAt && now.getTime() > visit.plannedEnd.getTime()) {
    exceptions.push('missing-check-out');
  }
  if (visit.corrected) exceptions.push('corrected');
  const cancelled = visit.status === 'cancelled';
  return {
    plannedMinutes: cancelled ? 0 : minutesBetween(visit.plannedStart, visit.plannedEnd),
    actualMinutes:
      !cancelled && visit.checkInAt && visit.checkOutAt
        ? minutesBetween(visit.checkInAt, visit.checkOutAt)
        : null,
    exceptions,
  };
}

/** The Monday of the week of a 'YYYY-MM-DD' date, and its seven dates. */
export function weekOf(date: string): { weekStart: string; days: string[] } {
  const weekStart = addDays(date, 1 - isoWeekday(date));
  return { weekStart, days: Array.from({ length: 7 }, (_, i) => addDays(weekStart, i)) };
}

/** The instants a span of local dates covers in a zone: [from 00:00, the day after `to` 00:00). */
export function localDateRange(from: string, to: string, zone: string): Span {
  return {
    start: zonedInstant(from, '00:00', zone),
    end: zonedInstant(addDays(to, 1), '00:00', zone),
  };
}
