import { localParts } from '../../../shared/dose-schedule.ts';
import { dateFormatter, formatDate } from '../../../shared/format.ts';

/**
 * Visit times are shown on the 24-hour clock of the agency's zone (the zone visits are planned
 * in); a time of another day than `today` carries its date.
 */
export function visitTimeText(iso: string, zone: string, today?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const { date, time } = localParts(at, zone);
  return today === undefined || date === today ? time : `${shortDate(date)} ${time}`;
}

/** 'Mar 02' of a 'YYYY-MM-DD' date. */
export function shortDate(date: string): string {
  return formatDate(date).replace(/, \d{4}$/, '');
}

/** 'Mon, Mar 02' of a 'YYYY-MM-DD' date (a calendar date: never shifted by a zone). */
export function dayText(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return dateFormatter('en-US', {
    weekday: 'short',
    month: 'short',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(at);
}

/** The agency's date of an instant, 'YYYY-MM-DD'. */
export const localDateOf = (iso: string, zone: string): string =>
  localParts(new Date(iso), zone).date;
