import { describe, expect, it } from 'vitest';
import {
  fromZonedLocal,
  hoursText,
  isValidPeriod,
  periodOf,
  toZonedLocal,
} from './timesheet-period.ts';

describe('timesheet periods and figures', () => {
  it('works out the quick periods, weeks from Monday', () => {
    // 2026-03-04 is a Wednesday.
    expect(periodOf('this-week', '2026-03-04')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(periodOf('last-week', '2026-03-04')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(periodOf('this-month', '2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodOf('last-month', '2026-01-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('accepts 1 to 62 days, From first', () => {
    expect(isValidPeriod({ from: '2026-03-01', to: '2026-03-01' })).toBe(true);
    expect(isValidPeriod({ from: '2026-03-01', to: '2026-05-01' })).toBe(true);
    expect(isValidPeriod({ from: '2026-03-01', to: '2026-05-02' })).toBe(false);
    expect(isValidPeriod({ from: '2026-03-02', to: '2026-03-01' })).toBe(false);
    expect(isValidPeriod({ from: '2026-02-30', to: '2026-03-01' })).toBe(false);
  });

  it('writes minutes as h:mm', () => {
    expect(hoursText(0)).toBe('0:00');
    expect(hoursText(95)).toBe('1:35');
    expect(hoursText(600)).toBe('10:00');
  });

  it('reads and writes datetime-local values on the agency clock', () => {
    expect(toZonedLocal('2026-07-01T12:30:00.000Z', 'Europe/London')).toBe('2026-07-01T13:30');
    expect(fromZonedLocal('2026-07-01T13:30', 'Europe/London')).toBe('2026-07-01T12:30:00.000Z');
    expect(fromZonedLocal('2026-01-10T08:00', 'America/New_York')).toBe('2026-01-10T13:00:00.000Z');
  });
});
