import type { PatientContext } from './agency.ts';
import { DAY, daysBefore, isoDate, slot } from './calendar.ts';
import { conditions, locations, progressReport, visitNote, type Condition } from './vocabulary.ts';

/**
 * The patient's conditions drive their visits, prescriptions (each announced to the patient's
 * account) and medication logs. Answers the conditions, for the patient's problem list.
 */
export function addConditionRecords(p: PatientContext): Condition[] {
  const { random, now, rows } = p.agency;
  const { patientId, person, doctor, team, account } = p;
  const own: Condition[] = random.sample(conditions, random.int(1, 3));
  const visitCount = random.int(2, 4);
  for (let v = 0; v < visitCount; v += 1) {
    const condition = own[v % own.length]!;
    const at = slot(random, now, -random.int(3 + v * 20, 20 + v * 20));
    rows.visits.push({
      patientId,
      doctorId: doctor.id,
      dateOfVisit: at,
      location: v === 0 ? 'Home visit' : random.pick(locations),
      diagnosis: condition.diagnosis,
      treatmentPlan: condition.treatmentPlan,
      notes: random.chance(0.85) ? visitNote(random, person.firstName) : '',
      createdBy: doctor.id,
      createdAt: at,
      updatedAt: at,
    });
    rows.audits.push({
      at,
      userId: doctor.id,
      role: 'doctor',
      action: 'create',
      entity: 'medical-record',
      patientId,
      outcome: 'success',
      ip: '127.0.0.1',
    });
  }
  for (const condition of own) {
    if (!condition.medication) continue;
    const written = daysBefore(now, random.int(5, 45));
    rows.scripts.push({
      patientId,
      doctorId: doctor.id,
      date: isoDate(written),
      medication: condition.medication.name,
      dosage: condition.medication.dosage,
      duration: condition.medication.duration,
      details: condition.medication.details,
      recordedBy: doctor.id,
      createdAt: written,
      updatedAt: written,
    });
    if (account) {
      rows.notices.push({
        userId: account.id,
        message: `New prescription: ${condition.medication.name} ${condition.medication.dosage}`,
        kind: 'prescription',
        link: '/patient-dashboard',
        createdAt: written,
        dismissedAt: random.chance(0.5) ? new Date(written.getTime() + DAY) : null,
      });
    }
    const logs = random.int(2, 5);
    for (let d = 0; d < logs; d += 1) {
      const given = slot(random, now, -(d * 2 + random.int(0, 1)), 8, 19);
      const recordedBy = random.pick(team).id;
      // Random values are drawn before any skip, so the time of day never changes the agency.
      if (given.getTime() >= now.getTime()) continue;
      rows.doses.push({
        patientId,
        date: given,
        details: condition.dose ?? `${condition.medication.name} given`,
        recordedBy,
        createdAt: given,
        updatedAt: given,
      });
    }
  }
  return own;
}

/**
 * Progress reports from the caregivers over the last three weeks, numbered across the agency;
 * the doctor is told of the newest.
 */
export function addProgressReports(p: PatientContext): void {
  const { random, now, rows } = p.agency;
  const { patientId, person, doctor, team } = p;
  const reportCount = random.int(2, 5);
  for (let r = 0; r < reportCount; r += 1) {
    const caregiver = random.pick(team);
    const at = slot(random, now, -(r * 4 + random.int(0, 3)), 10, 18);
    const text = progressReport(random, person.firstName);
    if (at.getTime() >= now.getTime()) continue;
    const reportNumber = rows.reports.length + 1;
    const reportId = `PR-${at.getFullYear()}-${String(reportNumber).padStart(6, '0')}`;
    rows.reports.push({
      reportId,
      patientId,
      caregiverId: caregiver.id,
      date: at,
      ...text,
      createdBy: caregiver.id,
      createdAt: at,
      updatedAt: at,
    });
    if (r === 0) {
      rows.notices.push({
        userId: doctor.id,
        message: `New progress report ${reportId} for ${person.firstName} ${person.lastName}`,
        kind: 'progress-report',
        link: '/progress-report',
        createdAt: at,
      });
    }
  }
}
