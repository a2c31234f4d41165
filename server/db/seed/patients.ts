import { patients } from '../schema/index.ts';
import type { Agency, PatientContext, Staff } from './agency.ts';
import { daysBefore } from './calendar.ts';
import { insertAccount, uniqueUsername } from './staff.ts';
import { elderName, emergencyContact, phoneNumber, streetAddress } from './vocabulary.ts';

/**
 * Registers the `index`-th patient: their own account (for most), the patient row with its audit
 * row, and a care team of their doctor and one or two caregivers.
 */
export async function registerPatient(
  agency: Agency,
  index: number,
  staff: { doctors: Staff[]; caregivers: Staff[]; accountShare: number },
): Promise<PatientContext> {
  const { tx, random, now, rows } = agency;
  const person = elderName(random);
  const doctor = staff.doctors[index % staff.doctors.length]!;
  const team = random.sample(staff.caregivers, random.chance(0.5) ? 2 : 1);
  const registered = daysBefore(now, random.int(40, 90));
  const birthYear = now.getFullYear() - random.int(68, 97);
  const dob = `${birthYear}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;

  // Most patients have their own account, created when the agency registered them.
  let account: Staff | null = null;
  if (index === 0 || random.chance(staff.accountShare)) {
    account = await insertAccount(agency, {
      username: uniqueUsername(agency.taken, `${person.firstName}.${person.lastName}`),
      firstName: person.firstName,
      secondName: person.lastName,
      role: 'patient',
      privileges: 'viewer',
      createdAt: registered,
    });
  }
  const [patient] = await tx
    .insert(patients)
    .values({
      firstName: person.firstName,
      lastName: person.lastName,
      dob,
      gender: person.gender,
      address: streetAddress(random, random.pick(agency.area)),
      phoneNumber: phoneNumber(random),
      emergencyContact: emergencyContact(random, person.lastName),
      emergencyContactPhone: phoneNumber(random),
      accountUserId: account?.id ?? null,
      createdBy: doctor.id,
      createdAt: registered,
      updatedAt: registered,
    })
    .returning({ id: patients.id });
  const patientId = patient!.id;
  rows.audits.push({
    at: registered,
    userId: doctor.id,
    role: 'doctor',
    action: 'create',
    entity: 'patient',
    entityId: String(patientId),
    patientId,
    outcome: 'success',
    ip: '127.0.0.1',
  });
  for (const member of [doctor, ...team]) {
    rows.careTeams.push({ patientId, userId: member.id, addedBy: doctor.id, addedAt: registered });
  }
  return { agency, patientId, person, doctor, team, account };
}
