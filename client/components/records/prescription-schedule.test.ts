import { describe, expect, it } from 'vitest';
import type { Prescription } from '../../../shared/schemas/prescriptions.ts';
import {
  intervalText,
  scheduleDetailsText,
  scheduleText,
  weekdaysText,
} from './prescription-schedule.ts';

const none = {
  route: null,
  schedule: null,
  startDate: null,
  endDate: null,
  doseTimes: null,
  weekdays: null,
  prnMinIntervalMinutes: null,
  prnMaxPerDay: null,
} satisfies Partial<Prescription>;

describe('a schedule in words', () => {
  it('writes runs of days as spans and the rest one by one', () => {
    expect(weekdaysText([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(weekdaysText([1, 3, 5])).toBe('Mon, Wed, Fri');
    expect(weekdaysText([6, 7])).toBe('Sat, Sun');
    expect(weekdaysText([7, 1, 2, 3, 5])).toBe('Mon–Wed, Fri, Sun');
    expect(weekdaysText(null)).toBe('Every day');
    expect(weekdaysText([1, 2, 3, 4, 5, 6, 7])).toBe('Every day');
  });

  it('writes intervals in hours and minutes', () => {
    expect(intervalText(240)).toBe('4 h');
    expect(intervalText(90)).toBe('1 h 30 min');
    expect(intervalText(30)).toBe('30 min');
  });

  it('lists the times in order with the days, or the PRN limits', () => {
    expect(
      scheduleText({
        ...none,
        schedule: 'fixed',
        doseTimes: ['20:00', '08:00', '13:00'],
        weekdays: [1, 2, 3, 4, 5],
      }),
    ).toBe('08:00, 13:00, 20:00 · Mon–Fri');
    expect(
      scheduleText({ ...none, schedule: 'prn', prnMinIntervalMinutes: 240, prnMaxPerDay: 4 }),
    ).toBe('As needed: every 4 h, max 4/24 h');
    expect(scheduleText(none)).toBe('');
  });

  it('gives the route and the dates of a schedule', () => {
    expect(
      scheduleDetailsText({
        ...none,
        route: 'oral',
        schedule: 'fixed',
        startDate: '2025-03-01',
        endDate: '2025-03-07',
      }),
    ).toBe('Oral · from Mar 01, 2025 until Mar 07, 2025');
    expect(scheduleDetailsText({ ...none, route: 'inhaled' })).toBe('Inhaled');
    expect(scheduleDetailsText(none)).toBe('');
  });
});
