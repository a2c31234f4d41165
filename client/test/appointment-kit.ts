import type { Appointment } from '../../shared/schemas/appointments.ts';
import { meWith } from './vital-signs-kit.tsx';

/** A patient signed in with their record linked (patient 12, Edna Visit). */
export const patientReader = {
  ...meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' }, 'patient', 'viewer'),
  username: 'edna.visit',
  patientId: 12,
};

/**
 * An appointment of patient 12 with Dr Ann Caldham on Jan `id`, 2030 at 15:30 UTC, 30 minutes,
 * scheduled; `over` changes any field.
 */
export const sampleAppointment = (id: number, over: Partial<Appointment> = {}): Appointment => ({
  id,
  doctorId: 3,
  doctorUsername: 'dr.caldham',
  doctorName: 'Ann Caldham',
  patientId: 12,
  patientName: 'Edna Visit',
  appointmentDate: `2030-01-0${id}T15:30:00.000Z`,
  location: `Room ${10 + id}`,
  requestedBy: null,
  durationMinutes: 30,
  status: 'scheduled',
  cancelReason: null,
  cancelledAt: null,
  createdAt: '2029-12-01T00:00:00.000Z',
  updatedAt: '2029-12-01T00:00:00.000Z',
  ...over,
});
