import { startOfDay } from 'date-fns';

export type AppointmentPeriod = 'upcoming' | 'past' | 'all';

/** The list query for a period: today counts as upcoming, so the day's visits stay in view. */
export function periodQuery(period: AppointmentPeriod, now: Date) {
  const today = startOfDay(now).toISOString();
  switch (period) {
    case 'upcoming':
      return { from: today, order: 'asc' as const };
    case 'past':
      return { to: today, order: 'desc' as const };
    case 'all':
      return { order: 'asc' as const };
  }
}
