import { describe, expect, it } from 'vitest';
import { appointmentTexts, validation } from '../messages.ts';
import { appointmentFormSchema, appointmentInputSchema, parseInstant } from './appointments.ts';
import { appointmentStatusTexts } from '../constants.ts';

describe('parseInstant', () => {
  it('keeps a zoned instant exactly, to the millisecond', () => {
    expect(parseInstant('2024-12-01T10:00:00.123+05:30')?.toISOString()).toBe(
      '2024-12-01T04:30:00.123Z',
    );
    expect(parseInstant('2024-12-01T10:00:00Z')?.toISOString()).toBe('2024-12-01T10:00:00.000Z');
    expect(parseInstant('2024-12-01T10:00-0800')?.toISOString()).toBe('2024-12-01T18:00:00.000Z');
  });
  it('reads a value without a zone as UTC (a datetime-local form value)', () => {
    expect(parseInstant('2024-12-01T10:00')?.toISOString()).toBe('2024-12-01T10:00:00.000Z');
    expect(parseInstant('2024-12-01 10:00:30')?.toISOString()).toBe('2024-12-01T10:00:30.000Z');
    expect(parseInstant('2024-12-01')?.toISOString()).toBe('2024-12-01T00:00:00.000Z');
  });
  it('cuts fractions beyond milliseconds instead of rounding into the next one', () => {
    expect(parseInstant('2024-12-01T10:00:00.999999Z')?.toISOString()).toBe(
      '2024-12-01T10:00:00.999Z',
    );
  });
  it('reaches year 1 and year 9999', () => {
    expect(parseInstant('0001-01-01T00:00:00Z')?.toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(parseInstant('9999-12-31T23:59:59.999Z')?.toISOString()).toBe(
      '9999-12-31T23:59:59.999Z',
    );
  });
  it('refuses impossible and foreign formats rather than guessing', () => {
    for (const text of [
      '',
      'tomorrow',
      '12/01/2024',
      'Dec 01, 2024, 10:00 AM',
      '2024-02-30T10:00',
      '2023-02-29',
      '2024-13-01T10:00',
      '2024-12-01T24:00',
      '2024-12-01T10:60',
      '0000-01-01T00:00Z',
      '+275760-09-13T00:00:00Z',
    ]) {
      expect(parseInstant(text), text).toBeNull();
    }
    expect(parseInstant('2024-02-29T10:00')).not.toBeNull();
  });
});

describe('appointment schemas', () => {
  it("the form answers the seed's message under each empty field", () => {
    const result = appointmentFormSchema.safeParse({
      doctorUsername: ' ',
      patientId: null,
      appointmentDate: '',
      location: '',
      // The dialog always fills the duration (30 by default).
      durationMinutes: '30',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      doctorUsername: validation.doctorUsernameRequired,
      patientId: validation.patientIdRequired,
      appointmentDate: validation.appointmentDateRequired,
      location: validation.locationRequired,
    });
  });
  it('reads a duration from a form or JSON, 5 to 480 whole minutes, 30 when left out', () => {
    const base = { patientId: 12, appointmentDate: '2024-12-01T10:00', location: 'Clinic' };
    expect(appointmentInputSchema.parse(base).durationMinutes).toBeUndefined();
    expect(appointmentInputSchema.parse({ ...base, durationMinutes: '45' }).durationMinutes).toBe(
      45,
    );
    for (const bad of [4, 481, 12.5, 'soon']) {
      const result = appointmentInputSchema.safeParse({ ...base, durationMinutes: bad });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(appointmentStatusTexts.durationRange);
    }
    expect(appointmentInputSchema.parse({ ...base, confirmOverlap: 'true' }).confirmOverlap).toBe(
      true,
    );
  });
  it('the API input takes multipart strings and treats an empty doctor as absent', () => {
    const parsed = appointmentInputSchema.parse({
      doctorUsername: '',
      patientId: '12',
      appointmentDate: '2024-12-01T10:00',
      location: ' Clinic ',
    });
    expect(parsed).toEqual({
      doctorUsername: undefined,
      doctorId: undefined,
      patientId: 12,
      appointmentDate: '2024-12-01T10:00',
      location: 'Clinic',
    });
    const bad = appointmentInputSchema.safeParse({
      patientId: 1,
      appointmentDate: '2024-02-30T10:00',
      location: 'x',
    });
    expect(bad.error?.issues[0]?.message).toBe(appointmentTexts.invalidDate);
  });
});
