import type { Executor } from '../db/client.ts';
import { allergies, conditions } from '../db/schema/index.ts';

/** A valid body for POST /api/allergies. */
export const validAllergyInput = (patientId: number) => ({
  patientId,
  substance: 'Penicillin',
  reaction: 'Hives',
  onset: '2019-05-01',
  status: 'active' as const,
});

/** Inserts an allergy directly (for tests whose subject is not the create call). */
export async function insertAllergy(
  db: Executor,
  patientId: number,
  recordedBy: number,
  overrides: Partial<typeof allergies.$inferInsert> = {},
) {
  const { patientId: _p, ...input } = validAllergyInput(patientId);
  const [row] = await db
    .insert(allergies)
    .values({ ...input, patientId, recordedBy, ...overrides })
    .returning({ id: allergies.id });
  return row!;
}

/** A valid body for POST /api/conditions. */
export const validConditionInput = (patientId: number) => ({
  patientId,
  name: 'Type 2 diabetes',
  onset: '2015-03-01',
  status: 'active' as const,
  note: 'Diet-controlled',
});

/** Inserts a condition directly (for tests whose subject is not the create call). */
export async function insertCondition(
  db: Executor,
  patientId: number,
  recordedBy: number,
  overrides: Partial<typeof conditions.$inferInsert> = {},
) {
  const { patientId: _p, ...input } = validConditionInput(patientId);
  const [row] = await db
    .insert(conditions)
    .values({ ...input, patientId, recordedBy, ...overrides })
    .returning({ id: conditions.id });
  return row!;
}
