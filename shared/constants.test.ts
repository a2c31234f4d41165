import { describe, expect, it } from 'vitest';
import { isDoseConflict } from './constants.ts';
import { doseConflictSchema } from './schemas/doses.ts';

describe('isDoseConflict', () => {
  // The dose lists read a 409 without the validators; they must agree with the schema the
  // server describes it by.
  const bodies: unknown[] = [
    { message: 'Already recorded', code: 'already-recorded', doseId: 4 },
    { message: 'Too soon', code: 'prn-too-soon', nextAllowedAt: '2026-11-24T10:00:00.000Z' },
    { message: 'Limit', code: 'prn-daily-limit' },
    { message: 'Limit', code: 'prn-daily-limit', extra: true },
    { message: 'Other', code: 'overlap' },
    { message: 3, code: 'already-recorded' },
    { code: 'already-recorded' },
    { message: 'Already recorded', code: 'already-recorded', doseId: '4' },
    { message: 'Too soon', code: 'prn-too-soon', nextAllowedAt: 5 },
    { error: 'Conflict', message: 'Another change came first' },
    null,
    'already-recorded',
    [],
  ];

  it.each(bodies.map((body) => [JSON.stringify(body), body]))(
    'reads %s as the schema does',
    (_name, body) => {
      expect(isDoseConflict(body)).toBe(doseConflictSchema.safeParse(body).success);
    },
  );

  it('accepts each conflict the server sends', () => {
    expect(isDoseConflict({ message: 'Already recorded', code: 'already-recorded' })).toBe(true);
    expect(isDoseConflict({ message: 'Other', code: 'overlap' })).toBe(false);
  });
});
