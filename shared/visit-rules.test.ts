import { describe, expect, it } from 'vitest';
import {
  atLocalTimes,
  isLate,
  localDateRange,
  localTimesOf,
  overlaps,
  timesheetFigures,
  weekOf,
  weeklyOccurrences,
} from './visit-rules.ts';
import { visitInputSchema, visitLocationSchema } from './schemas/visits.ts';

const at = (iso: string) => new Date(iso);
const span = (start: string, end: string) => ({ start: at(start), end: at(end) });
const London = 'Europe/London';

describe('weeklyOccurrences', () => {
  it('repeats on the chosen days at the same local time across the change of clocks', () => {
    // Friday 2026-03-27 09:00 GMT; clocks go forward on Sunday 2026-03-29.
    const first = span('2026-03-27T09:00:00Z', '2026-03-27T10:00:00Z');
    const all = weeklyOccurrences(first, { weekdays: [1, 5], until: '2026-04-06' }, London);
    expect(all.map((s) => s.start.toISOString())).toEqual([
      '2026-03-27T09:00:00.000Z',
      '2026-03-30T08:00:00.000Z', // Monday, 09:00 BST
      '2026-04-03T08:00:00.000Z',
      '2026-04-06T08:00:00.000Z',
    ]);
    expect(all.every((s) => s.end.getTime() - s.start.getTime() === 3_600_000)).toBe(true);
  });

  it('keeps an overnight visit ending on the next day', () => {
    const first = span('2026-06-01T21:00:00Z', '2026-06-02T06:00:00Z'); // 22:00-07:00 BST
    const all = weeklyOccurrences(first, { weekdays: [1, 3], until: '2026-06-03' }, London);
    expect(all.map((s) => [s.start.toISOString(), s.end.toISOString()])).toEqual([
      ['2026-06-01T21:00:00.000Z', '2026-06-02T06:00:00.000Z'],
      ['2026-06-03T21:00:00.000Z', '2026-06-04T06:00:00.000Z'],
    ]);
  });

  it('stops at a year even when asked for more', () => {
    const first = span('2026-01-05T09:00:00Z', '2026-01-05T10:00:00Z');
    const all = weeklyOccurrences(first, { weekdays: [1], until: '2030-01-01' }, 'UTC');
    expect(all.length).toBe(53);
    expect(all.at(-1)!.start.toISOString()).toBe('2027-01-04T09:00:00.000Z');
  });
});

describe('series edits', () => {
  it('moves a visit to new local times on its own date', () => {
    const times = localTimesOf(span('2026-07-01T08:00:00Z', '2026-07-01T09:30:00Z'), London);
    expect(times).toEqual({
      date: '2026-07-01',
      startTime: '09:00',
      endTime: '10:30',
      endDayOffset: 0,
    });
    const moved = atLocalTimes(at('2026-12-02T09:00:00Z'), times, London);
    expect(moved.start.toISOString()).toBe('2026-12-02T09:00:00.000Z');
    expect(moved.end.toISOString()).toBe('2026-12-02T10:30:00.000Z');
  });
});

describe('overlaps and lateness', () => {
  it('treats back-to-back visits as not overlapping', () => {
    const a = span('2026-07-01T08:00:00Z', '2026-07-01T09:00:00Z');
    expect(overlaps(a, span('2026-07-01T09:00:00Z', '2026-07-01T10:00:00Z'))).toBe(false);
    expect(overlaps(a, span('2026-07-01T08:59:00Z', '2026-07-01T10:00:00Z'))).toBe(true);
    expect(overlaps(a, span('2026-07-01T07:00:00Z', '2026-07-01T12:00:00Z'))).toBe(true);
  });

  it('is late only when planned, not checked in and past the start plus the setting', () => {
    const visit = { status: 'planned' as const, plannedStart: at('2026-07-01T08:00:00Z') };
    expect(isLate({ ...visit, checkInAt: null }, 15, at('2026-07-01T08:14:59Z'))).toBe(false);
    expect(isLate({ ...visit, checkInAt: null }, 15, at('2026-07-01T08:15:00Z'))).toBe(true);
    expect(isLate({ ...visit, status: 'cancelled', checkInAt: null }, 15, at('2026-07-02'))).toBe(
      false,
    );
  });
});

describe('timesheetFigures', () => {
  const base = {
    status: 'completed' as const,
    plannedStart: at('2026-07-01T08:00:00Z'),
    plannedEnd: at('2026-07-01T09:00:00Z'),
    corrected: false,
  };
  const now = at('2026-07-02T00:00:00Z');

  it('counts planned and actual minutes of a visit on time', () => {
    expect(
      timesheetFigures(
        { ...base, checkInAt: at('2026-07-01T08:05:00Z'), checkOutAt: at('2026-07-01T09:02:00Z') },
        15,
        now,
      ),
    ).toEqual({ plannedMinutes: 60, actualMinutes: 57, exceptions: [] });
  });

  it('names late, early leave and corrections', () => {
    expect(
      timesheetFigures(
        {
          ...base,
          corrected: true,
          checkInAt: at('2026-07-01T08:20:00Z'),
          checkOutAt: at('2026-07-01T08:40:00Z'),
        },
        15,
        now,
      ),
    ).toEqual({
      plannedMinutes: 60,
      actualMinutes: 20,
      exceptions: ['late', 'early-leave', 'corrected'],
    });
  });

  it('names a missing check-out and a missed visit, and counts nothing for a cancelled one', () => {
    expect(
      timesheetFigures(
        { ...base, status: 'in-progress', checkInAt: at('2026-07-01T08:00:00Z'), checkOutAt: null },
        15,
        now,
      ).exceptions,
    ).toEqual(['missing-check-out']);
    expect(
      timesheetFigures({ ...base, status: 'missed', checkInAt: null, checkOutAt: null }, 15, now),
    ).toEqual({ plannedMinutes: 60, actualMinutes: null, exceptions: ['missed'] });
    expect(
      timesheetFigures({ ...base, status: 'cancelled', checkInAt: null, checkOutAt: null }, 15, now)
        .plannedMinutes,
    ).toBe(0);
  });
});

describe('weeks and ranges', () => {
  it('finds the Monday and the seven days', () => {
    expect(weekOf('2026-11-22')).toEqual({
      weekStart: '2026-11-16',
      days: [
        '2026-11-16',
        '2026-11-17',
        '2026-11-18',
        '2026-11-19',
        '2026-11-20',
        '2026-11-21',
        '2026-11-22',
      ],
    });
  });

  it('covers local days in the zone', () => {
    const range = localDateRange('2026-07-01', '2026-07-02', London);
    expect(range.start.toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(range.end.toISOString()).toBe('2026-07-02T23:00:00.000Z');
  });
});

describe('visit input', () => {
  const valid = {
    patientId: 1,
    caregiverId: 2,
    plannedStart: '2026-07-01T08:00:00Z',
    plannedEnd: '2026-07-01T09:00:00Z',
    serviceType: 'personal-care',
  };
  const messages = (value: unknown) => {
    const result = visitInputSchema.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('accepts a visit and refuses impossible times with one message each', () => {
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, plannedEnd: '2026-07-01T07:00:00Z' })).toEqual([
      'The end must be after the start',
    ]);
    expect(messages({ ...valid, plannedEnd: '2026-07-02T09:00:01Z' })).toEqual([
      'A visit cannot last longer than 24 hours',
    ]);
    expect(messages({ ...valid, serviceType: 'gardening' })).toEqual([
      'Choose a type of service from the list',
    ]);
  });

  it('bounds a repeat to the days chosen and a year', () => {
    expect(messages({ ...valid, repeat: { weekdays: [], until: '2026-08-01' } })).toEqual([
      'Choose at least one day of the week',
    ]);
    expect(messages({ ...valid, repeat: { weekdays: [1], until: '2026-06-01' } })).toEqual([
      'Repeat until must be on or after the first visit',
    ]);
    expect(messages({ ...valid, repeat: { weekdays: [1], until: '2027-08-01' } })).toEqual([
      'A repeat can run for at most a year; plan the next year later',
    ]);
  });

  it('takes a position only when it was shared', () => {
    expect(visitLocationSchema.safeParse({ status: 'refused' }).success).toBe(true);
    expect(visitLocationSchema.safeParse({ status: 'shared' }).success).toBe(false);
    expect(
      visitLocationSchema.safeParse({ status: 'refused', latitude: 51, longitude: 0, accuracy: 5 })
        .success,
    ).toBe(false);
    expect(
      visitLocationSchema.safeParse({ status: 'shared', latitude: 51, longitude: 0, accuracy: 5 })
        .success,
    ).toBe(true);
  });
});
