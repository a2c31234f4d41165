import type { Random } from './random.ts';

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

/** The instant `days` days before `now`. */
export const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY);

/** A local-time slot on the day `offsetDays` from `now`, on a quarter hour in working hours. */
export function slot(random: Random, now: Date, offsetDays: number, from = 9, to = 16): Date {
  const day = new Date(now.getTime() + offsetDays * DAY);
  day.setHours(random.int(from, to), random.pick([0, 15, 30, 45]), 0, 0);
  return day;
}

/** The calendar date of an instant as a date column stores it (UTC). */
export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);
