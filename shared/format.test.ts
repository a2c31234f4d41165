import { afterEach, describe, expect, it } from 'vitest';
import {
  dateFormatter,
  deviceTimeZone,
  displayZoneDate,
  formatDate,
  formatDateTime,
  formatDateTimeWithZone,
  fromDateTimeLocal,
  getDisplayTimeZone,
  isTimeZone,
  renderNotificationText,
  setDisplayTimeZone,
  toDateTimeLocal,
} from './format.ts';

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

describe('dateFormatter', () => {
  it('makes one formatter per locale and options and keeps it', () => {
    const london = dateFormatter('en-US', { timeZone: 'Europe/London', hour: '2-digit' });
    expect(dateFormatter('en-US', { timeZone: 'Europe/London', hour: '2-digit' })).toBe(london);
    expect(dateFormatter('en-US', { timeZone: 'Asia/Tokyo', hour: '2-digit' })).not.toBe(london);
    expect(dateFormatter('en-GB', { timeZone: 'Europe/London', hour: '2-digit' })).not.toBe(london);
    expect(dateFormatter('en-US', { timeZone: 'Europe/London', minute: '2-digit' })).not.toBe(
      london,
    );
  });
  it('gives each zone its own answer when zones alternate', () => {
    const at = '2026-12-20T10:00:00Z';
    const seen = ['UTC', 'Asia/Tokyo', 'UTC', 'America/New_York', 'Asia/Tokyo'].map((zone) =>
      formatDateTime(at, zone),
    );
    expect(seen).toEqual([
      'Dec 20, 2026, 10:00 AM',
      'Dec 20, 2026, 07:00 PM',
      'Dec 20, 2026, 10:00 AM',
      'Dec 20, 2026, 05:00 AM',
      'Dec 20, 2026, 07:00 PM',
    ]);
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

describe('time zones', () => {
  afterEach(() => setDisplayTimeZone(undefined));

  it('tells IANA zones from other texts', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(5)).toBe(false);
  });

  it('names the zone, summer and winter', () => {
    expect(formatDateTimeWithZone('2026-12-20T10:00:00Z', 'America/New_York')).toBe(
      'Dec 20, 2026, 05:00 AM EST',
    );
    expect(formatDateTimeWithZone('2026-07-20T10:00:00Z', 'America/New_York')).toBe(
      'Jul 20, 2026, 06:00 AM EDT',
    );
    expect(formatDateTimeWithZone('2026-12-20T10:00:00Z', 'Europe/London')).toBe(
      'Dec 20, 2026, 10:00 AM GMT',
    );
  });

  it('renders {at} in the reader zone and leaves old texts alone', () => {
    const at = new Date('2026-12-20T10:00:00Z');
    expect(
      renderNotificationText('New appointment on {at} at Room 1', at, 'America/New_York'),
    ).toBe('New appointment on Dec 20, 2026, 05:00 AM EST at Room 1');
    expect(renderNotificationText('Old text 10:00 AM UTC', at, 'America/New_York')).toBe(
      'Old text 10:00 AM UTC',
    );
    expect(renderNotificationText('On {at}', null, 'UTC')).toBe('On {at}');
  });

  it('shows times in the chosen display zone, with its name when it is not the device zone', () => {
    const other = deviceTimeZone() === 'Asia/Tokyo' ? 'America/New_York' : 'Asia/Tokyo';
    setDisplayTimeZone(other);
    expect(getDisplayTimeZone()).toBe(other);
    expect(formatDateTime('2026-12-20T10:00:00Z')).toBe(
      formatDateTimeWithZone('2026-12-20T10:00:00Z', other),
    );
    setDisplayTimeZone(deviceTimeZone());
    expect(formatDateTime('2026-12-20T10:00:00Z')).toBe(
      formatDateTime('2026-12-20T10:00:00Z', deviceTimeZone()),
    );
    setDisplayTimeZone('Not/AZone');
    expect(getDisplayTimeZone()).toBe(deviceTimeZone());
  });

  it('gives calendars the display zone’s wall clock as local fields', () => {
    const instant = new Date('2026-12-20T03:00:00Z');
    expect(displayZoneDate(instant)).toBe(instant);
    setDisplayTimeZone('America/New_York');
    const shown = displayZoneDate(instant);
    expect([shown.getFullYear(), shown.getMonth(), shown.getDate(), shown.getHours()]).toEqual([
      2026, 11, 19, 22,
    ]);
  });

  it('reads and writes form values in the display zone', () => {
    setDisplayTimeZone('America/New_York');
    expect(toDateTimeLocal('2026-12-20T10:00:00Z')).toBe('2026-12-20T05:00');
    expect(fromDateTimeLocal('2026-12-20T05:00')).toBe('2026-12-20T10:00:00.000Z');
    expect(toDateTimeLocal('2026-12-20T10:00:00Z', 'Asia/Tokyo')).toBe('2026-12-20T19:00');
  });

  it('handles the daylight-saving changes in form values', () => {
    const ny = 'America/New_York';
    // Summer time: 4 hours behind UTC.
    expect(fromDateTimeLocal('2026-07-01T09:00', ny)).toBe('2026-07-01T13:00:00.000Z');
    // 2026-11-01 01:30 happens twice: the earlier (EDT) is taken.
    expect(fromDateTimeLocal('2026-11-01T01:30', ny)).toBe('2026-11-01T05:30:00.000Z');
    expect(toDateTimeLocal('2026-11-01T06:30:00Z', ny)).toBe('2026-11-01T01:30');
    // 2026-03-08 02:30 does not exist: it reads as a time after the gap.
    const skipped = fromDateTimeLocal('2026-03-08T02:30', ny);
    expect(skipped >= '2026-03-08T06:30:00.000Z' && skipped <= '2026-03-08T07:30:00.000Z').toBe(
      true,
    );
    expect(fromDateTimeLocal('2026-03-08T03:00', ny)).toBe('2026-03-08T07:00:00.000Z');
    expect(toDateTimeLocal('2026-03-08T07:00:00Z', ny)).toBe('2026-03-08T03:00');
  });
});
