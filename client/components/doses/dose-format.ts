import { localParts } from '../../../shared/dose-schedule.ts';
import { formatDate } from '../../../shared/format.ts';

/**
 * Dose times are shown on the 24-hour clock of the agency's zone (the zone the schedule is
 * written in), as the schedule and the server's messages write them; a time of another day
 * carries its date.
 */
export function doseTimeText(iso: string, zone: string, today?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const { date, time } = localParts(at, zone);
  return today === undefined || date === today ? time : `${shortDate(date)} ${time}`;
}

/** 'Mar 02' of a 'YYYY-MM-DD' date. */
export function shortDate(date: string): string {
  return formatDate(date).replace(/, \d{4}$/, '');
}

/** The agency's date of an instant, 'YYYY-MM-DD'. */
export const localDateOf = (iso: string, zone: string): string =>
  localParts(new Date(iso), zone).date;
