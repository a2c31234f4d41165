import { addDays, localParts, zonedInstant } from '../../../shared/dose-schedule.ts';
import { isCalendarDate } from '../../../shared/schemas/visits.ts';
import { weekOf } from '../../../shared/visit-rules.ts';

export interface Period {
  from: string;
  to: string;
}

export const quickPeriods = ['this-week', 'last-week', 'this-month', 'last-month'] as const;
export type QuickPeriod = (typeof quickPeriods)[number];

/** Today's date on this device, 'YYYY-MM-DD'. */
export function todayHere(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const monthOf = (date: string): Period => {
  const first = `${date.slice(0, 7)}-01`;
  const next = addDays(first, 32).slice(0, 7);
  return { from: first, to: addDays(`${next}-01`, -1) };
};

/** The dates of a quick choice around a day: weeks run Monday to Sunday. */
export function periodOf(choice: QuickPeriod, today: string): Period {
  switch (choice) {
    case 'this-week': {
      const { days } = weekOf(today);
      return { from: days[0]!, to: days[6]! };
    }
    case 'last-week': {
      const { days } = weekOf(addDays(today, -7));
      return { from: days[0]!, to: days[6]! };
    }
    case 'this-month':
      return monthOf(today);
    case 'last-month':
      return monthOf(addDays(`${today.slice(0, 7)}-01`, -1));
  }
}

/** Whether a period is one the server reads: dates, From first, at most 62 days. */
export function isValidPeriod({ from, to }: Period): boolean {
  return (
    isCalendarDate(from) &&
    isCalendarDate(to) &&
    from <= to &&
    Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) < 62 * 86_400_000
  );
}

/** Minutes as hours and minutes, 'h:mm' (90 -> '1:30'). */
export function hoursText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
}

/** An instant on the agency's clock: '08:05', or 'Mar 02 08:05' when it is not on `date`. */
export function clockText(iso: string | null, zone: string, date?: string): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const parts = localParts(at, zone);
  if (date === undefined || parts.date === date) return parts.time;
  return `${parts.date} ${parts.time}`;
}

/** The value of a datetime-local field on the agency's clock, from an ISO instant. */
export function toZonedLocal(iso: string | null, zone: string): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const { date, time } = localParts(at, zone);
  return `${date}T${time}`;
}

/** An ISO instant from a datetime-local value read on the agency's clock; '' stays ''. */
export function fromZonedLocal(value: string, zone: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value.trim());
  if (!match) return value.trim();
  return zonedInstant(match[1]!, match[2]!, zone).toISOString();
}
