import { addDays } from '../../../../shared/dose-schedule.ts';
import { isCalendarDate } from '../../../../shared/schemas/visits.ts';
import { weekOf } from '../../../../shared/visit-rules.ts';

const format = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
const short = format({ weekday: 'short', month: 'short', day: 'numeric' });
const long = format({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const rangeDay = format({ month: 'short', day: 'numeric', year: 'numeric' });

const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** 'Mon, Nov 23': a column's heading (a calendar date, never moved by a zone). */
export const dayHeading = (date: string): string => short.format(utc(date));

/** 'Monday, November 23, 2026'. */
export const dayLong = (date: string): string => long.format(utc(date));

/** 'Nov 23, 2026'. */
export const dayShort = (date: string): string => rangeDay.format(utc(date));

/** The rota's place in the address: the view and its week or day. */
export interface RotaPlace {
  view: 'week' | 'day';
  /** null: this week (today) in the agency's zone. */
  date: string | null;
  /** The week or day asked for is not a date. */
  invalid: boolean;
  /** The page of caregivers (50 each, by name); 1 when absent or not a whole number. */
  page: number;
}

/** Reads ?view=week|day&week=YYYY-MM-DD&date=YYYY-MM-DD. */
export function placeOf(params: URLSearchParams): RotaPlace {
  const view = params.get('view') === 'day' ? 'day' : 'week';
  const pageText = params.get('page') ?? '';
  const page = /^[1-9]\d{0,4}$/.test(pageText) ? Number(pageText) : 1;
  const asked = params.get(view === 'day' ? 'date' : 'week');
  if (asked === null || asked === '') return { view, date: null, invalid: false, page };
  return isCalendarDate(asked)
    ? { view, date: view === 'week' ? weekOf(asked).weekStart : asked, invalid: false, page }
    : { view, date: null, invalid: true, page };
}

/** The address parameters of a place (the week's Monday, or the day). */
export function paramsOf(view: 'week' | 'day', date: string | null, page = 1): URLSearchParams {
  const params = new URLSearchParams({ view });
  if (date) params.set(view === 'day' ? 'date' : 'week', date);
  if (page > 1) params.set('page', String(page));
  return params;
}

export const shiftWeek = (weekStart: string, weeks: number) => addDays(weekStart, weeks * 7);
