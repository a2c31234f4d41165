import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientTexts } from '../../../shared/messages.ts';
import { careTeamMembers } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, validPatientInput } from '../../test/factories.ts';

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('care team member id', () => {
  it('an id written as hex, with a sign, a space, an exponent or a leading zero is refused', async () => {
    const d = await createUser(db(), { role: 'doctor', privileges: 'editor' });
    const c = await createUser(db(), { role: 'caregiver', privileges: 'editor' });
    const p = await createPatient(db(), { careTeam: [d] });
    const spellings = [
      `0x${c.id.toString(16)}`,
      `+${c.id}`,
      ` ${c.id}`,
      `${c.id}.0`,
      `0${c.id}`,
      `${c.id}e0`,
      true,
    ];
    for (const userId of spellings) {
      const res = await call(t.app, 'POST', `/api/patients/${p.id}/care-team`, {
        token: d.token,
        body: { userId },
      });
      expect([userId, res.status, res.json.errors]).toEqual([
        userId,
        400,
        { userId: patientTexts.careTeamMemberInvalid },
      ]);
    }
    const stored = await db()
      .select()
      .from(careTeamMembers)
      .where(and(eq(careTeamMembers.patientId, p.id), eq(careTeamMembers.userId, c.id)));
    expect(stored).toEqual([]);

    const added = await call(t.app, 'POST', `/api/patients/${p.id}/care-team`, {
      token: d.token,
      body: { userId: c.id },
    });
    expect(added.status).toBe(201);
    expect(added.json.userId).toBe(c.id);
  });
});

describe('date of birth', () => {
  it('a year of birth before 1850 is refused with its own message, on add and on edit', async () => {
    const d = await createUser(db(), { role: 'doctor', privileges: 'editor' });
    const p = await createPatient(db(), { careTeam: [d] });
    t.clock.set('2026-01-15T09:00:00.000Z');
    // The message each date of birth answers; null where it is stored.
    const outcomes: Record<string, string | null> = {
      '0100-01-01': patientTexts.dobTooEarly,
      '0940-05-12': patientTexts.dobTooEarly,
      '1849-12-31': patientTexts.dobTooEarly,
      '0040-02-30': patientTexts.dobInvalid,
      '1850-01-01': null,
      '1899-12-31': null,
    };
    for (const [method, url, created] of [
      ['POST', '/api/patients', 201],
      ['PUT', `/api/patients/${p.id}`, 200],
    ] as const) {
      for (const [dob, message] of Object.entries(outcomes)) {
        const res = await call(t.app, method, url, {
          token: d.token,
          body: { ...validPatientInput(), dob },
        });
        if (message) {
          expect([method, dob, res.status, res.json.errors]).toEqual([
            method,
            dob,
            400,
            { dob: message },
          ]);
        } else {
          expect([method, dob, res.status, res.json.dob]).toEqual([method, dob, created, dob]);
        }
      }
    }
  });
});
