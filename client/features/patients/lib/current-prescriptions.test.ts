import { describe, expect, it } from 'vitest';
import type { Prescription } from '../../../../shared/schemas/prescriptions.ts';
import { currentPrescriptions, lastDayOf } from './current-prescriptions.ts';

const prescription = (id: number, date: string, duration: string): Prescription => ({
  id,
  patientId: 1,
  patientName: 'Ada Moss',
  doctorId: 2,
  doctorName: 'Dr Who',
  date,
  medication: `Medicine ${id}`,
  dosage: '1 tablet',
  duration,
  details: 'With food',
  recordedBy: 2,
  recordedByName: 'Dr Who',
  // Schedules do not change which prescriptions run: the fields are those of one without.
  route: null,
  instructions: '',
  schedule: null,
  startDate: null,
  endDate: null,
  doseTimes: null,
  weekdays: null,
  prnMinIntervalMinutes: null,
  prnMaxPerDay: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

describe('lastDayOf reads the duration of a prescription', () => {
  it('counts days, weeks, months and years from the first day', () => {
    expect(lastDayOf('2025-01-01', '1 day')).toBe('2025-01-01');
    expect(lastDayOf('2025-01-01', '90 days')).toBe('2025-03-31');
    expect(lastDayOf('2025-01-01', '2 weeks')).toBe('2025-01-14');
    expect(lastDayOf('2025-01-31', '1 month')).toBe('2025-03-02');
    expect(lastDayOf('2025-03-10', '6 Months')).toBe('2025-09-09');
    expect(lastDayOf('2024-02-29', '1 year')).toBe('2025-02-28');
    expect(lastDayOf('2025-01-01', '10d')).toBe('2025-01-10');
  });

  it('gives no last day when the duration has no length', () => {
    expect(lastDayOf('2025-01-01', '')).toBeNull();
    expect(lastDayOf('2025-01-01', 'ongoing')).toBeNull();
    expect(lastDayOf('2025-01-01', '3 fortnights')).toBeNull();
    expect(lastDayOf('not a date', '3 days')).toBeNull();
  });
});

describe('currentPrescriptions', () => {
  it('keeps those running today, open-ended ones included, and leaves out ended and future ones', () => {
    const list = [
      prescription(1, '2025-05-01', '30 days'), // ends 2025-05-30: over
      prescription(2, '2025-05-20', '30 days'), // ends 2025-06-18: running
      prescription(3, '2025-06-01', '1 day'), // ends today
      prescription(4, '2024-01-01', 'long term'), // no length: running
      prescription(5, '2025-06-02', '7 days'), // starts tomorrow
    ];
    expect(currentPrescriptions(list, '2025-06-01').map((p) => p.id)).toEqual([2, 3, 4]);
  });
});
