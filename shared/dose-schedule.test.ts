import { describe, expect, it } from 'vitest';
import {
  doseSpan,
  dosesInSpan,
  doseStatus,
  givenOutcome,
  initialsOf,
  isScheduledDose,
  localParts,
  marCode,
  scheduledDoses,
  zonedInstant,
  type FixedSchedule,
} from './dose-schedule.ts';

const windows = { doseWindowMinutes: 60, doseMissedAfterMinutes: 240 };
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const daily = (times: string[], extra: Partial<FixedSchedule> = {}): FixedSchedule => ({
  startDate: '2026-01-01',
  endDate: null,
  doseTimes: times,
  weekdays: null,
  ...extra,
});

describe('zonedInstant', () => {
  it('reads a local time in winter and in summer', () => {
    expect(zonedInstant('2026-01-15', '08:00', 'Europe/London').toISOString()).toBe(
      '2026-01-15T08:00:00.000Z',
    );
    expect(zonedInstant('2026-07-15', '08:00', 'Europe/London').toISOString()).toBe(
      '2026-07-15T07:00:00.000Z',
    );
    expect(zonedInstant('2026-07-15', '08:00', 'America/New_York').toISOString()).toBe(
      '2026-07-15T12:00:00.000Z',
    );
    expect(zonedInstant('2026-07-15', '23:30', 'Asia/Kolkata').toISOString()).toBe(
      '2026-07-15T18:00:00.000Z',
    );
  });

  it('moves a time in the spring gap forward by the gap', () => {
    // London, 29 March 2026: 01:00 GMT becomes 02:00 BST; 01:30 does not exist.
    const at = zonedInstant('2026-03-29', '01:30', 'Europe/London');
    expect(at.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(localParts(at, 'Europe/London').time).toBe('02:30');
  });

  it('takes the first of a time that happens twice', () => {
    // London, 25 October 2026: 02:00 BST becomes 01:00 GMT; 01:30 happens twice.
    expect(zonedInstant('2026-10-25', '01:30', 'Europe/London').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });
});

describe('scheduledDoses', () => {
  it('gives every time of every day in the span, oldest first', () => {
    const doses = scheduledDoses(
      daily(['08:00', '20:00']),
      'UTC',
      new Date('2026-02-01T00:00:00Z'),
      new Date('2026-02-03T00:00:00Z'),
    );
    expect(iso(doses)).toEqual([
      '2026-02-01T08:00:00.000Z',
      '2026-02-01T20:00:00.000Z',
      '2026-02-02T08:00:00.000Z',
      '2026-02-02T20:00:00.000Z',
    ]);
  });

  it('keeps to the chosen weekdays and the start and end dates', () => {
    const schedule = daily(['09:00'], {
      startDate: '2026-02-03',
      endDate: '2026-02-12',
      weekdays: [1, 3, 5],
    });
    const doses = scheduledDoses(
      schedule,
      'UTC',
      new Date('2026-01-25T00:00:00Z'),
      new Date('2026-03-01T00:00:00Z'),
    );
    // 3 Feb 2026 is a Tuesday: Wed 4, Fri 6, Mon 9, Wed 11.
    expect(iso(doses)).toEqual([
      '2026-02-04T09:00:00.000Z',
      '2026-02-06T09:00:00.000Z',
      '2026-02-09T09:00:00.000Z',
      '2026-02-11T09:00:00.000Z',
    ]);
  });

  it('neither skips nor doubles a dose on the daylight-saving days', () => {
    const times = ['00:30', '01:30', '02:30', '08:00'];
    for (const [date, next] of [
      ['2026-03-29', '2026-03-30'],
      ['2026-10-25', '2026-10-26'],
    ] as const) {
      const from = zonedInstant(date, '00:00', 'Europe/London');
      const to = zonedInstant(next, '00:00', 'Europe/London');
      const doses = scheduledDoses(daily(times), 'Europe/London', from, to);
      const unique = new Set(iso(doses));
      expect(unique.size).toBe(doses.length);
      // The spring day: 01:30 moves to 02:30 BST, the same instant as 02:30: one dose.
      expect(doses.length).toBe(date === '2026-03-29' ? 3 : 4);
    }
  });

  it('one span read by many schedules gives each the doses it gives alone', () => {
    const zone = 'Europe/London';
    const from = new Date('2026-03-27T10:00:00Z');
    const to = new Date('2026-04-02T10:00:00Z');
    const schedules = [
      daily(['08:00', '20:00'], { startDate: '2026-03-30' }),
      daily(['08:00', '20:00']),
      daily(['08:00', '20:00'], { endDate: '2026-03-28' }),
      daily(['08:00', '20:00'], { weekdays: [7] }),
      daily(['01:30', '02:30']),
      daily(['08:00', '20:00'], { startDate: '2026-05-01' }),
    ];
    const span = doseSpan(zone, from, to);
    const together = schedules.map((s) => dosesInSpan(s, span).map((ms) => new Date(ms)));
    expect(together.map(iso)).toEqual(schedules.map((s) => iso(scheduledDoses(s, zone, from, to))));
    expect(together.map((d) => d.length)).toEqual([7, 12, 3, 2, 11, 0]);
    expect(dosesInSpan(daily(['08:00']), doseSpan(zone, to, from))).toEqual([]);
  });

  it('a dose at a time is recognised, one a minute off is not', () => {
    const schedule = daily(['08:00']);
    expect(isScheduledDose(schedule, 'UTC', new Date('2026-02-01T08:00:00Z'))).toBe(true);
    expect(isScheduledDose(schedule, 'UTC', new Date('2026-02-01T08:01:00Z'))).toBe(false);
    expect(isScheduledDose(schedule, 'UTC', new Date('2025-12-31T08:00:00Z'))).toBe(false);
  });
});

describe('doseStatus', () => {
  const at = new Date('2026-02-01T08:00:00Z');
  const now = (minutes: number) => new Date(at.getTime() + minutes * 60_000);
  it('is upcoming, due, late, then missed', () => {
    expect(doseStatus(at, now(-61), windows)).toBe('upcoming');
    expect(doseStatus(at, now(-60), windows)).toBe('due');
    expect(doseStatus(at, now(60), windows)).toBe('due');
    expect(doseStatus(at, now(61), windows)).toBe('late');
    expect(doseStatus(at, now(240), windows)).toBe('missed');
    expect(doseStatus(at, now(240), windows, 'refused')).toBe('refused');
  });
  it('a dose given after its window is given late', () => {
    expect(givenOutcome(at, now(60), windows)).toBe('given');
    expect(givenOutcome(at, now(61), windows)).toBe('given-late');
  });
});

describe('MAR codes', () => {
  it('initials, letters and blanks', () => {
    expect(initialsOf('Grace  Kelford')).toBe('GK');
    expect(marCode('given', { reason: null, initials: 'GK' })).toBe('GK');
    expect(marCode('given-late', { reason: null, initials: 'GK' })).toBe('GK L');
    expect(marCode('not-given', { reason: 'asleep', initials: 'GK' })).toBe('S');
    expect(marCode('refused', { reason: null, initials: 'GK' })).toBe('R');
    expect(marCode('missed', null)).toBe('M');
    expect(marCode('due', null)).toBe('');
  });
});

describe('offsets across every quarter hour of a daylight-saving year', () => {
  it('localParts agrees with Intl at every quarter hour and around each change', () => {
    const formats = new Map<string, Intl.DateTimeFormat>();
    const check = (zone: string, at: number) => {
      if (!formats.has(zone)) {
        formats.set(
          zone,
          new Intl.DateTimeFormat('en-CA', {
            timeZone: zone,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
          }),
        );
      }
      const parts = formats.get(zone)!.formatToParts(new Date(at));
      const get = (type: string) => parts.find((p) => p.type === type)!.value;
      const local = localParts(new Date(at), zone);
      expect(`${local.date} ${local.time}`).toBe(
        `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`,
      );
    };
    for (const zone of [
      'Europe/London',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
    ]) {
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 45 * 60_000 + 7_000) {
        check(zone, at);
      }
      // Twice, so the second answer comes from the cache.
      check(zone, Date.UTC(2026, 2, 29, 0, 59, 59));
      check(zone, Date.UTC(2026, 2, 29, 0, 59, 59));
      check(zone, Date.UTC(2026, 2, 29, 1, 0, 0));
    }
    // About 47,000 comparisons: a second on an idle machine, several when the suite's other
    // projects share its two cores.
  }, 60_000);
});
