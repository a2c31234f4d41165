import { doseTexts, scheduleTexts } from '../../../shared/messages.ts';
import { formatDate } from '../../../shared/format.ts';
import type { Prescription } from '../../../shared/schemas/prescriptions.ts';

type ScheduleOf = Pick<
  Prescription,
  | 'route'
  | 'schedule'
  | 'startDate'
  | 'endDate'
  | 'doseTimes'
  | 'weekdays'
  | 'prnMinIntervalMinutes'
  | 'prnMaxPerDay'
>;

const dayName = (day: number) => doseTexts.weekdayLabels[day - 1] ?? String(day);

/**
 * ISO weekdays in words, runs of three or more as a span: [1..5] "Mon–Fri", [1, 3, 5]
 * "Mon, Wed, Fri"; none or all seven "Every day".
 */
export function weekdaysText(weekdays: readonly number[] | null | undefined): string {
  const days = [...new Set(weekdays ?? [])].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (days.length === 0 || days.length === 7) return doseTexts.everyDay;
  const parts: string[] = [];
  for (let i = 0; i < days.length;) {
    let j = i;
    while (j + 1 < days.length && days[j + 1] === days[j]! + 1) j += 1;
    if (j - i >= 2) parts.push(`${dayName(days[i]!)}–${dayName(days[j]!)}`);
    else for (let k = i; k <= j; k += 1) parts.push(dayName(days[k]!));
    i = j + 1;
  }
  return parts.join(', ');
}

/** 240 "4 h", 90 "1 h 30 min", 30 "30 min". */
export function intervalText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return scheduleTexts.minutes(rest);
  return rest === 0
    ? scheduleTexts.hours(hours)
    : `${scheduleTexts.hours(hours)} ${scheduleTexts.minutes(rest)}`;
}

/**
 * The schedule in one line: "08:00, 13:00, 20:00 · Mon–Fri" or "As needed: every 4 h, max
 * 4/24 h"; '' for a prescription without one.
 */
export function scheduleText(p: ScheduleOf): string {
  if (p.schedule === 'fixed') {
    const times = [...(p.doseTimes ?? [])].sort().join(', ');
    return `${times} · ${weekdaysText(p.weekdays)}`;
  }
  if (p.schedule === 'prn') {
    return scheduleTexts.asNeeded(intervalText(p.prnMinIntervalMinutes ?? 0), p.prnMaxPerDay ?? 0);
  }
  return '';
}

/** The route and the dates of a schedule: "Oral · from Mar 01, 2025 until Mar 07, 2025". */
export function scheduleDetailsText(p: ScheduleOf): string {
  const parts: string[] = [];
  if (p.route) parts.push(doseTexts.routeLabels[p.route]);
  const dates = [
    p.schedule && p.startDate ? scheduleTexts.from(formatDate(p.startDate)) : '',
    p.schedule && p.endDate ? scheduleTexts.until(formatDate(p.endDate)) : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (dates) parts.push(dates);
  return parts.join(' · ');
}
