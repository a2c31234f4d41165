import { describe, expect, it } from 'vitest';
import { sidebarLinksFor } from './layout.tsx';

const links = (role: 'doctor' | 'caregiver' | 'patient' | 'guest', privileges = 'editor') =>
  sidebarLinksFor({ role, privileges: privileges as 'editor' }).map((l) => [l.label, l.to]);

describe('sidebar links', () => {
  it('a doctor gets the seed’s eight links in order', () => {
    expect(links('doctor')).toEqual([
      ['Dashboard', '/dashboard'],
      ['Patients', '/patients'],
      ['Appointments', '/appointments'],
      ['Medical Records', '/medical-records'],
      ['Prescriptions & Medication', '/prescriptions-medication'],
      ['Progress Report', '/progress-report'],
      ['Notifications', '/notifications'],
      ['Settings', '/settings'],
    ]);
  });

  it('a caregiver gets the seed’s six links in order', () => {
    expect(links('caregiver')).toEqual([
      ['Dashboard', '/caregiver-dashboard'],
      ['Patients', '/patients'],
      ['Progress Report', '/progress-report'],
      ['Prescriptions & Medication', '/prescriptions-medication'],
      ['Notifications', '/notifications'],
      ['Settings', '/settings'],
    ]);
  });

  it('a patient’s Dashboard link goes to /patient-dashboard, plus who viewed the record', () => {
    expect(links('patient')).toEqual([
      ['Dashboard', '/patient-dashboard'],
      ['Appointments', '/patient-appointments'],
      ['Notifications', '/notifications'],
      ['Settings', '/settings'],
      ['Who viewed my record', '/access-log'],
    ]);
  });

  it('admins also get Users and Audit Log; others do not', () => {
    expect(links('caregiver', 'admin').slice(-2)).toEqual([
      ['Users', '/users'],
      ['Audit Log', '/audit'],
    ]);
    expect(links('doctor', 'supervisor').map(([label]) => label)).not.toContain('Users');
  });

  it('a guest gets no links', () => {
    expect(links('guest', 'admin')).toEqual([]);
  });
});
