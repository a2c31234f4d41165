import { addDays, localParts, zonedInstant } from '../../../shared/dose-schedule.ts';
import { isCalendarDate } from '../../../shared/schemas/visits.ts';

/** "9:30", "0930" and "09:30" all read as "09:30"; anything else is left as typed. */
export function tidyTime(text: string): string {
  const value = text.trim();
  const short = /^(\d):([0-5]\d)$/.exec(value);
  if (short) return `0${short[1]}:${short[2]}`;
  const digits = /^(\d{2})([0-5]\d)$/.exec(value);
  if (digits) return `${digits[1]}:${digits[2]}`;
  return value;
}

/** Whether a text is a time of day 'HH:MM' (00:00 to 23:59). */
export const isTimeOfDay = (text: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(text);

/**
 * The ISO instant of a local date and 'HH:MM' in the agency's zone, or '' when either is not
 * readable (the shared schema then says which field is missing).
 */
export function visitInstant(date: string, time: string, zone: string): string {
  const tidy = tidyTime(time);
  if (!isCalendarDate(date) || !isTimeOfDay(tidy)) return '';
  return zonedInstant(date, tidy, zone).toISOString();
}

/** The planned start and end of a visit from its date, times and "ends the next day". */
export function visitSpan(
  values: { date: string; startTime: string; endTime: string; endsNextDay: boolean },
  zone: string,
): { plannedStart: string; plannedEnd: string } {
  const endDate = isCalendarDate(values.date)
    ? addDays(values.date, values.endsNextDay ? 1 : 0)
    : values.date;
  return {
    plannedStart: visitInstant(values.date, values.startTime, zone),
    plannedEnd: visitInstant(endDate, values.endTime, zone),
  };
}

/** A visit's instants as the form shows them: its local date, times, and whether it ends the next day. */
export function localVisitTimes(
  plannedStart: string,
  plannedEnd: string,
  zone: string,
): { date: string; startTime: string; endTime: string; endsNextDay: boolean } {
  const start = localParts(new Date(plannedStart), zone);
  const end = localParts(new Date(plannedEnd), zone);
  return {
    date: start.date,
    startTime: start.time,
    endTime: end.time,
    endsNextDay: end.date !== start.date,
  };
}
