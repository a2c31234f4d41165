import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format.ts';

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
  it('returns an empty text for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatDate', () => {
  it('never shifts a calendar date by time zone', () => {
    expect(formatDate('1940-12-10')).toBe('Dec 10, 1940');
  });
});
