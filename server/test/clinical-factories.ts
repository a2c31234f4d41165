import type { Executor } from '../db/client.ts';
import { medicalRecords, medications, prescriptions, progressReports } from '../db/schema/index.ts';

/** Valid bodies for the four clinical calls (ids filled in by the test). */
export const validMedicalRecordInput = (patientId: number, doctorId: number) => ({
  patientId,
  doctorId,
  dateOfVisit: '2025-12-01T10:00:00.000Z',
  location: 'Springfield Clinic',
  diagnosis: 'Hypertension',
  treatmentPlan: 'Low-salt diet, daily walk',
  notes: 'Review in four weeks',
});

export const validProgressReportInput = (patientId: number, caregiverId: number) => ({
  patientId,
  caregiverId,
  date: '2025-12-02T09:30:00.000Z',
  summary: 'Ate well, walked twice',
  recommendations: 'Keep up the walks',
  overallHealth: 'Good',
});

export const validPrescriptionInput = (patientId: number, doctorId?: number) => ({
  patientId,
  ...(doctorId === undefined ? {} : { doctorId }),
  date: '2025-12-03',
  medication: 'Lisinopril',
  dosage: '10 mg once a day',
  duration: '30 days',
  details: 'Take in the morning with water',
});

export const validMedicationInput = (patientId: number) => ({
  patientId,
  date: '2025-12-04T08:00:00.000Z',
  details: 'Lisinopril 10 mg given with breakfast',
});

let reportCounter = 0;

/** Inserts clinical rows directly (for tests whose subject is not the create call). */
export const clinicalFactories = {
  async medicalRecord(db: Executor, patientId: number, doctorId: number) {
    const input = validMedicalRecordInput(patientId, doctorId);
    const [row] = await db
      .insert(medicalRecords)
      .values({ ...input, dateOfVisit: new Date(input.dateOfVisit), createdBy: doctorId })
      .returning({ id: medicalRecords.id });
    return row!;
  },
  async progressReport(
    db: Executor,
    patientId: number,
    caregiverId: number,
    createdBy: number = caregiverId,
  ) {
    reportCounter += 1;
    const input = validProgressReportInput(patientId, caregiverId);
    const [row] = await db
      .insert(progressReports)
      .values({
        ...input,
        reportId: `PR-TEST-${process.pid}-${reportCounter}`,
        date: new Date(input.date),
        createdBy,
      })
      .returning({ id: progressReports.id });
    return row!;
  },
  async prescription(db: Executor, patientId: number, doctorId: number) {
    const [row] = await db
      .insert(prescriptions)
      .values({ ...validPrescriptionInput(patientId), doctorId })
      .returning({ id: prescriptions.id });
    return row!;
  },
  async medication(db: Executor, patientId: number, recordedBy: number) {
    const input = validMedicationInput(patientId);
    const [row] = await db
      .insert(medications)
      .values({ ...input, date: new Date(input.date), recordedBy })
      .returning({ id: medications.id });
    return row!;
  },
};
