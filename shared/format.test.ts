import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, fromDateTimeLocal, toDateTimeLocal } from './format.ts';

describe('formatDateTime', () => {
  it("formats like the seed's 'Dec 01, 2024, 10:00 AM'", () => {
    expect(formatDateTime('2024-12-01T10:00:00Z', 'UTC')).toBe('Dec 01, 2024, 10:00 AM');
  });
  it('shows midnight as 12:00 AM and noon as 12:00 PM', () => {
    expect(formatDateTime('2024-12-01T00:00:00Z', 'UTC')).toBe('Dec 01, 2024, 12:00 AM');
    expect(formatDateTime('2024-12-01T12:00:00Z', 'UTC')).toBe('Dec 01, 2024, 12:00 PM');
  });
  it("uses the viewer's time zone, across a day boundary", () => {
    expect(formatDateTime('2024-12-01T03:30:00Z', 'America/New_York')).toBe(
      'Nov 30, 2024, 10:30 PM',
    );
    expect(formatDateTime('2024-12-31T23:30:00Z', 'Asia/Tokyo')).toBe('Jan 01, 2025, 08:30 AM');
  });
  it('keeps the wall-clock time across a daylight-saving change', () => {
    // New York leaves summer time on 2024-11-03 at 2:00: 06:30Z is 01:30 EST, 05:30Z 01:30 EDT.
    expect(formatDateTime('2024-11-03T05:30:00Z', 'America/New_York')).toBe(
      'Nov 03, 2024, 01:30 AM',
    );
    expect(formatDateTime('2024-11-03T06:30:00Z', 'America/New_York')).toBe(
      'Nov 03, 2024, 01:30 AM',
    );
    expect(formatDateTime('2024-11-03T07:30:00Z', 'America/New_York')).toBe(
      'Nov 03, 2024, 02:30 AM',
    );
  });
  it('shows the last minute of a year and the first of the next', () => {
    expect(formatDateTime('2024-12-31T23:59:00Z', 'UTC')).toBe('Dec 31, 2024, 11:59 PM');
    expect(formatDateTime('2025-01-01T00:00:00Z', 'UTC')).toBe('Jan 01, 2025, 12:00 AM');
  });
  it('returns an empty text for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatDate', () => {
  it('never shifts a calendar date by time zone', () => {
    expect(formatDate('1940-12-10')).toBe('Dec 10, 1940');
  });
});

describe('datetime-local conversion', () => {
  it('round-trips an instant through the form value (to the minute)', () => {
    const instant = '2024-12-01T10:00:00.000Z';
    expect(fromDateTimeLocal(toDateTimeLocal(instant))).toBe(instant);
  });
  it('gives empty values for unreadable input', () => {
    expect(toDateTimeLocal('nope')).toBe('');
    expect(fromDateTimeLocal('')).toBe('');
  });
});
