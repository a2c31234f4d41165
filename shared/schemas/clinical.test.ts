import { describe, expect, it } from 'vitest';
import { clinicalTexts, validation } from '../messages.ts';
import { clinicalDate, clinicalId, parseClinicalInstant } from './clinical.ts';

describe('clinical field rules', () => {
  it('reads ISO instants, a value without a zone as UTC', () => {
    expect(parseClinicalInstant('2025-12-01T10:00')?.toISOString()).toBe(
      '2025-12-01T10:00:00.000Z',
    );
    expect(parseClinicalInstant('2025-12-01T10:00:00+0200')?.toISOString()).toBe(
      '2025-12-01T08:00:00.000Z',
    );
    expect(parseClinicalInstant('2025-12-01')?.toISOString()).toBe('2025-12-01T00:00:00.000Z');
  });

  it('refuses impossible dates and years the database could not hold sensibly', () => {
    for (const text of [
      '2025-02-30',
      '0000-01-01',
      '1899-12-31',
      '2201-01-01',
      '2025-12-01T25:00',
      'soon',
    ]) {
      expect(parseClinicalInstant(text), text).toBeNull();
    }
  });

  it('a calendar date must look like 2024-12-01', () => {
    const schema = clinicalDate(validation.dateRequired);
    expect(schema.safeParse('2024-12-01').success).toBe(true);
    expect(schema.safeParse('2024-12-01T10:00').error?.issues[0]?.message).toBe(
      clinicalTexts.invalidDate,
    );
    expect(schema.safeParse('').error?.issues[0]?.message).toBe(validation.dateRequired);
  });

  it('an id accepts numbers and numeric strings; anything else answers the field message', () => {
    const schema = clinicalId(validation.patientIdRequired);
    expect(schema.parse('12')).toBe(12);
    for (const value of [null, '', 'x', 0, -1, 1.5, 2 ** 31]) {
      expect(schema.safeParse(value).error?.issues[0]?.message, String(value)).toBe(
        validation.patientIdRequired,
      );
    }
  });
});
