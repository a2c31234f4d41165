import type { Privilege, Role } from '../../shared/permissions.ts';
import type { Executor } from '../db/client.ts';
import { careTeamMembers, notifications, patients, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createSession } from '../auth/sessions.ts';

export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;
let counter = 0;

export interface TestUser {
  id: number;
  username: string;
  role: string;
  privileges: Privilege;
  /** A live session token for `Authorization: Bearer`. */
  token: string;
}

/** Inserts a user (password TEST_PASSWORD) with a live session. */
export async function createUser(
  db: Executor,
  options: {
    role?: Role | 'user' | string;
    privileges?: Privilege;
    username?: string;
    firstName?: string;
    secondName?: string;
    now?: Date;
    isActive?: boolean;
  } = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  counter += 1;
  const role = options.role ?? 'doctor';
  const username =
    options.username ?? `${role}${counter}_${Math.random().toString(36).slice(2, 7)}`;
  const [row] = await db
    .insert(users)
    .values({
      username,
      firstName: options.firstName ?? `First${counter}`,
      secondName: options.secondName ?? `Second${counter}`,
      email: `${username}@example.test`,
      primaryLocation: 'Springfield',
      role,
      privileges: options.privileges ?? 'editor',
      passwordHash: await passwordHash,
      isActive: options.isActive ?? true,
    })
    .returning({ id: users.id });
  const token = await createSession(
    db,
    row!.id,
    options.now ?? new Date('2026-01-15T09:00:00.000Z'),
  );
  return { id: row!.id, username, role, privileges: options.privileges ?? 'editor', token };
}

export const validPatientInput = () => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  dob: '1940-12-10',
  gender: 'Female',
  address: '12 Elm Street, Springfield',
  phoneNumber: '555-0100',
  emergencyContact: 'Byron Lovelace',
  emergencyContactPhone: '555-0101',
});

/** Inserts a patient directly, optionally on the care team of the given users. */
export async function createPatient(
  db: Executor,
  options: {
    careTeam?: { id: number }[];
    account?: { id: number };
    createdBy?: { id: number };
    overrides?: Partial<ReturnType<typeof validPatientInput>>;
  } = {},
): Promise<{ id: number }> {
  const [row] = await db
    .insert(patients)
    .values({
      ...validPatientInput(),
      ...options.overrides,
      accountUserId: options.account?.id ?? null,
      createdBy: options.createdBy?.id ?? null,
    })
    .returning({ id: patients.id });
  for (const member of options.careTeam ?? []) {
    await db.insert(careTeamMembers).values({ patientId: row!.id, userId: member.id });
  }
  return { id: row!.id };
}

/** Inserts a notification for a user (for tests whose subject is not what sends it). */
export async function createNotification(
  db: Executor,
  user: { id: number },
  options: { message?: string; now?: Date } = {},
): Promise<{ id: number }> {
  const [row] = await db
    .insert(notifications)
    .values({
      userId: user.id,
      message: options.message ?? 'A test notification',
      kind: 'system',
      link: null,
      createdAt: options.now ?? new Date('2026-01-15T09:00:00.000Z'),
    })
    .returning({ id: notifications.id });
  return { id: row!.id };
}

/** Inserts a patient that is already soft-deleted (a restore's subject), with its care team. */
export async function createDeletedPatient(
  db: Executor,
  options: { careTeam?: { id: number }[]; account?: { id: number }; deletedAt?: Date } = {},
): Promise<{ id: number }> {
  const [row] = await db
    .insert(patients)
    .values({
      ...validPatientInput(),
      accountUserId: options.account?.id ?? null,
      deletedAt: options.deletedAt ?? new Date('2026-01-10T09:00:00.000Z'),
    })
    .returning({ id: patients.id });
  for (const member of options.careTeam ?? []) {
    await db.insert(careTeamMembers).values({ patientId: row!.id, userId: member.id });
  }
  return { id: row!.id };
}
