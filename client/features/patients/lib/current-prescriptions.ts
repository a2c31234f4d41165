import type { Prescription } from '../../../../shared/schemas/prescriptions.ts';

const units: Record<string, 'day' | 'week' | 'month' | 'year'> = {
  d: 'day',
  day: 'day',
  days: 'day',
  w: 'week',
  wk: 'week',
  wks: 'week',
  week: 'week',
  weeks: 'week',
  m: 'month',
  mo: 'month',
  month: 'month',
  months: 'month',
  y: 'year',
  yr: 'year',
  yrs: 'year',
  year: 'year',
  years: 'year',
};

/**
 * The last day a prescription runs (YYYY-MM-DD), read from its date and a duration such as
 * "90 days", "2 weeks" or "6 months"; null when the duration says no length ("ongoing", "").
 */
export function lastDayOf(date: string, duration: string): string | null {
  const match = /^\s*(\d{1,4})\s*([a-z]+)\.?\s*$/i.exec(duration);
  const start = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match || !start) return null;
  const unit = units[match[2]!.toLowerCase()];
  if (!unit) return null;
  const n = Number(match[1]);
  const end = new Date(Date.UTC(Number(start[1]), Number(start[2]) - 1, Number(start[3])));
  if (unit === 'day') end.setUTCDate(end.getUTCDate() + n - 1);
  if (unit === 'week') end.setUTCDate(end.getUTCDate() + 7 * n - 1);
  if (unit === 'month') end.setUTCMonth(end.getUTCMonth() + n, end.getUTCDate() - 1);
  if (unit === 'year')
    end.setUTCFullYear(end.getUTCFullYear() + n, end.getUTCMonth(), end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/**
 * The prescriptions still running on `today` (YYYY-MM-DD): started on or before it and not past
 * their last day. One whose duration gives no length counts as running: nothing says it ended.
 */
export function currentPrescriptions(list: Prescription[], today: string): Prescription[] {
  return list.filter((p) => {
    if (p.date > today) return false;
    const last = lastDayOf(p.date, p.duration);
    return last === null || last >= today;
  });
}
