/** Months of the MAR chart, written 'YYYY-MM' as the address and the API take them. */

import { dateFormatter } from '../../../../shared/format.ts';

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Whether a value is a month the API accepts (the bounds of the stored dates). */
export const isMarMonth = (value: string): boolean =>
  monthPattern.test(value) && value >= '1900-01' && value <= '2200-12';

/** The month `by` months before (negative) or after a 'YYYY-MM' month. */
export function shiftMonth(month: string, by: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + by;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** 'March 2025': fixed to UTC so the viewer's own zone never shifts the month. */
export function monthLabel(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return dateFormatter('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, mon - 1, 1)));
}

/** 'YYYY-MM-DD' of a day of the month. */
export const dateOfDay = (month: string, day: number): string =>
  `${month}-${String(day).padStart(2, '0')}`;

/** ISO weekday (1 Monday .. 7 Sunday) of a day of the month. */
export function weekdayOf(month: string, day: number): number {
  const weekday = new Date(`${dateOfDay(month, day)}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}
