import { describe, expect, it } from 'vitest';
import { appointmentInputSchema } from './appointments.ts';
import { parseClinicalInstant } from './clinical.ts';
import { CARE_YEARS, dbId, parseCalendarDate, parseInstant, requiredText } from './common.ts';
import { reminderInputSchema } from './reminders.ts';

describe('the one time parser', () => {
  it('reads years 0001 to 0099 as written, never as 1901 or 2001', () => {
    expect(parseInstant('0001-01-01')?.toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(parseInstant('0099-06-01T10:00Z')?.getUTCFullYear()).toBe(99);
  });

  it('bounds the care years: 1900..2200', () => {
    expect(parseInstant('1900-01-01', CARE_YEARS)).not.toBeNull();
    expect(parseInstant('2200-12-31T23:59', CARE_YEARS)).not.toBeNull();
    for (const text of ['0001-01-01', '1899-12-31T23:59', '2201-01-01', '9999-12-31']) {
      expect(parseInstant(text, CARE_YEARS), text).toBeNull();
    }
    expect(parseClinicalInstant('0001-01-01')).toBeNull();
    expect(parseCalendarDate('2024-02-30', CARE_YEARS)).toBeNull();
    expect(parseCalendarDate('2024-02-29T10:00', CARE_YEARS)).toBeNull();
  });

  it('reminders and appointments refuse 0001 and 9999', () => {
    for (const date of ['0001-01-01', '9999-12-31T10:00']) {
      expect(reminderInputSchema.safeParse({ message: 'x', date }).success, date).toBe(false);
      expect(
        appointmentInputSchema.safeParse({ patientId: 1, appointmentDate: date, location: 'x' })
          .success,
        date,
      ).toBe(false);
    }
  });
});

describe('ids and visible text', () => {
  it('an id written as text must be plain digits', () => {
    for (const text of ['0x10', ' 1', '01', '1e3', '+1', '1.0', '', '2147483648']) {
      expect(dbId().safeParse(text).success, JSON.stringify(text)).toBe(false);
    }
    expect(dbId().parse('12')).toBe(12);
    expect(dbId().parse(12)).toBe(12);
  });

  it('a required text of only invisible characters answers the required message', () => {
    const field = requiredText('Name is required');
    for (const text of ['\u200B', '\u202E\u202C', '\u2066\u2069', '\u00AD', '\u2800', '\uFEFF']) {
      const result = field.safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Name is required');
    }
    expect(field.parse(' Zoë\u200B ')).toBe('Zoë\u200B');
  });
});
