/**
 * Test support for the patient's chart: its header as GET /api/patients/{id}/chart answers it,
 * for Ada Moss (patient 7) with a doctor and a caregiver on her care team. Imported by tests only.
 */
import type { Chart } from '../../shared/schemas/chart.ts';
import { rangesWith } from '../../shared/vital-thresholds.ts';

export const chartWith = (over: Partial<Chart>): Chart => ({
  patient: {
    id: 7,
    firstName: 'Ada',
    lastName: 'Moss',
    dob: '1941-05-09',
    gender: 'Female',
    address: '1 Elm Road',
    phoneNumber: '555-0100',
    emergencyContact: 'Tom Moss',
    emergencyContactPhone: '+1 (555) 010-2030',
    accountUserId: null,
    accountUsername: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
  ageYears: 84,
  allergyStatus: 'not-recorded',
  allergies: [],
  conditions: [],
  careTeam: [
    { userId: 2, username: 'dr.grey', name: 'Alan Grey', role: 'doctor', addedAt: '2025-01-01' },
    { userId: 3, username: 'kim', name: 'Kim Lee', role: 'caregiver', addedAt: '2025-01-01' },
  ],
  ranges: rangesWith({}),
  lastVitals: null,
  ...over,
});
