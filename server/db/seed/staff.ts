import { users } from '../schema/index.ts';
import type { Agency, Staff } from './agency.ts';
import { daysBefore } from './calendar.ts';
import type { DemoSize } from './demo-config.ts';
import { phoneNumber, staffName } from './vocabulary.ts';

/** A lowercase ASCII username from `base`, numbered when it is taken already. */
export function uniqueUsername(taken: Set<string>, base: string): string {
  const clean = base
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9.]/g, '');
  let name = clean;
  for (let n = 2; taken.has(name); n += 1) name = `${clean}${n}`;
  taken.add(name);
  return name;
}

/** Inserts one account with the demo password, a town of the agency's area and a phone. */
export async function insertAccount(
  agency: Agency,
  values: {
    username: string;
    firstName: string;
    secondName: string;
    role: string;
    privileges: string;
    createdAt: Date;
  },
): Promise<Staff> {
  const { tx, random } = agency;
  const [row] = await tx
    .insert(users)
    .values({
      ...values,
      email: `${values.username}@example.com`,
      primaryLocation: random.pick(agency.area),
      phoneNumber: phoneNumber(random),
      passwordHash: agency.passwordHash,
      updatedAt: values.createdAt,
    })
    .returning({ id: users.id });
  return { id: row!.id, ...values };
}

/**
 * Registers the staff one account after another: the admin, the doctors, the caregivers, and
 * the office's coordinator (a fixed name, so the generated names of everyone else stay the same).
 */
export async function createStaff(
  agency: Agency,
  size: DemoSize,
): Promise<{ doctors: Staff[]; caregivers: Staff[] }> {
  const { random, taken } = agency;
  const since = (days: number) => daysBefore(agency.now, days);

  // The first account of the agency is its admin, as on a real empty database.
  const adminName = staffName(random);
  await insertAccount(agency, {
    username: 'admin',
    firstName: adminName.firstName,
    secondName: adminName.lastName,
    role: 'doctor',
    privileges: 'admin',
    createdAt: since(120),
  });

  const doctors: Staff[] = [];
  for (let i = 0; i < size.doctors; i += 1) {
    const name = staffName(random);
    doctors.push(
      await insertAccount(agency, {
        username: uniqueUsername(taken, `dr.${name.lastName}`),
        firstName: name.firstName,
        secondName: name.lastName,
        role: 'doctor',
        privileges: 'editor',
        createdAt: since(110 - i),
      }),
    );
  }
  const caregivers: Staff[] = [];
  for (let i = 0; i < size.caregivers; i += 1) {
    const name = staffName(random);
    caregivers.push(
      await insertAccount(agency, {
        username: uniqueUsername(taken, `${name.firstName}.${name.lastName}`),
        firstName: name.firstName,
        secondName: name.lastName,
        role: 'caregiver',
        privileges: 'editor',
        createdAt: since(100 - i),
      }),
    );
  }
  // Written without drawing on the random sequence, so every later name stays the same.
  const username = uniqueUsername(taken, 'olive.brandt');
  await agency.tx.insert(users).values({
    username,
    firstName: 'Olive',
    secondName: 'Brandt',
    role: 'coordinator',
    privileges: 'editor',
    email: `${username}@example.com`,
    primaryLocation: agency.area[0]!,
    phoneNumber: '555-0100',
    passwordHash: agency.passwordHash,
    createdAt: since(90),
    updatedAt: since(90),
  });
  return { doctors, caregivers };
}
