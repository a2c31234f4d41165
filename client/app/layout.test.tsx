import { describe, expect, it } from 'vitest';
import { sidebarLinksFor } from './layout.tsx';

const links = (role: 'doctor' | 'caregiver' | 'patient' | 'guest', privileges = 'editor') =>
  sidebarLinksFor({ role, privileges: privileges as 'editor' }).map((l) => [l.label, l.to]);

describe('sidebar links', () => {
  it('a doctor gets the seed’s eight links in order, the rota and Reminders', () => {
    expect(links('doctor')).toEqual([
      ['Dashboard', '/dashboard'],
      ['Patients', '/patients'],
      ['Appointments', '/appointments'],
      ['Medical Records', '/medical-records'],
      ['Prescriptions & Medication', '/prescriptions-medication'],
      ['Progress Report', '/progress-report'],
      ['Rota', '/rota'],
      ['Reminders', '/reminders'],
      ['Notifications', '/notifications'],
      ['Settings', '/settings'],
    ]);
  });

  it('a caregiver gets the seed’s six links in order, their timesheet and Reminders', () => {
    expect(links('caregiver')).toEqual([
      ['Dashboard', '/caregiver-dashboard'],
      ['Patients', '/patients'],
      ['Progress Report', '/progress-report'],
      ['Prescriptions & Medication', '/prescriptions-medication'],
      ['Timesheets', '/timesheets'],
      ['Reminders', '/reminders'],
      ['Notifications', '/notifications'],
      ['Settings', '/settings'],
    ]);
  });

  it('the rota is for those who plan visits: doctors from editor on, supervising caregivers', () => {
    expect(links('doctor', 'viewer').map(([label]) => label)).not.toContain('Rota');
    expect(links('caregiver').map(([label]) => label)).not.toContain('Rota');
    expect(links('caregiver', 'supervisor')).toContainEqual(['Rota', '/rota']);
  });

  it('a patient’s Dashboard link goes to /patient-dashboard, plus Reminders and who viewed the record', () => {
    expect(links('patient')).toEqual([
      ['Dashboard', '/patient-dashboard'],
      ['Appointments', '/patient-appointments'],
      ['Reminders', '/reminders'],
      ['Notifications', '/notifications'],
      ['Settings', '/settings'],
      ['Who viewed my record', '/access-log'],
    ]);
  });

  it('a patient whose account is linked also gets My record, their own chart', () => {
    const linked = sidebarLinksFor({ role: 'patient', privileges: 'viewer', patientId: 12 });
    expect(linked.map((l) => [l.label, l.to])).toEqual([
      ['Dashboard', '/patient-dashboard'],
      ['My record', '/patients/12'],
      ['Appointments', '/patient-appointments'],
      ['Reminders', '/reminders'],
      ['Notifications', '/notifications'],
      ['Settings', '/settings'],
      ['Who viewed my record', '/access-log'],
    ]);
    // Not linked: no such entry. Staff never get it, whatever their own record.
    const unlinked = sidebarLinksFor({ role: 'patient', privileges: 'viewer', patientId: null });
    expect(unlinked.map((l) => l.label)).not.toContain('My record');
    const doctor = sidebarLinksFor({ role: 'doctor', privileges: 'admin', patientId: 12 });
    expect(doctor.map((l) => l.label)).not.toContain('My record');
  });

  it('admins also get Users, Audit Log, Deleted Records and Import patients; others do not', () => {
    const admin = links('caregiver', 'admin');
    const duties = admin.slice(admin.findIndex(([label]) => label === 'Users'));
    expect(duties.slice(0, 3)).toEqual([
      ['Users', '/users'],
      ['Audit Log', '/audit'],
      ['Deleted Records', '/deleted-records'],
    ]);
    expect(duties).toContainEqual(['Import patients', '/import-patients']);
    const supervisorLabels = links('doctor', 'supervisor').map(([label]) => label);
    expect(supervisorLabels).not.toContain('Users');
    expect(supervisorLabels).not.toContain('Deleted Records');
    expect(supervisorLabels).not.toContain('Import patients');
  });

  it('a guest gets no links', () => {
    expect(links('guest', 'admin')).toEqual([]);
  });
});
