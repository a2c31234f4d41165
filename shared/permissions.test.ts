import { describe, expect, it } from 'vitest';
import {
  can,
  dashboardPathFor,
  normalizePrivilege,
  normalizeRole,
  permissionNames,
  permissionsFor,
  privileges,
  roles,
  signUpRoles,
  type EffectiveRole,
  type Privilege,
} from './permissions.ts';

const as = (role: EffectiveRole, privilege: Privilege) => ({ role, privileges: privilege });

describe('permission table', () => {
  it('a viewer doctor reads but cannot write patients', () => {
    expect(can(as('doctor', 'viewer'), 'patients:read')).toBe(true);
    expect(can(as('doctor', 'viewer'), 'patients:write')).toBe(false);
    expect(can(as('doctor', 'editor'), 'patients:write')).toBe(true);
  });

  it('a caregiver editor adds progress reports and logs doses, but does not write patients', () => {
    const caregiver = as('caregiver', 'editor');
    expect(can(caregiver, 'progress-reports:create')).toBe(true);
    expect(can(caregiver, 'medications:log')).toBe(true);
    expect(can(caregiver, 'patients:write')).toBe(false);
    expect(can(caregiver, 'progress-reports:write')).toBe(false);
    expect(can(as('caregiver', 'viewer'), 'progress-reports:create')).toBe(false);
  });

  it('a patient requests appointments already at viewer and never writes clinical data', () => {
    for (const privilege of privileges) {
      const patient = as('patient', privilege);
      expect(can(patient, 'appointments:request')).toBe(true);
      for (const write of [
        'patients:write',
        'appointments:write',
        'medical-records:write',
        'progress-reports:create',
        'progress-reports:write',
        'prescriptions:write',
        'medications:write',
        'medications:log',
        'patients:read-all',
        'care-teams:manage',
        'directory:read',
      ] as const) {
        expect(can(patient, write), `${privilege} ${write}`).toBe(false);
      }
    }
  });

  it('a supervisor sees every patient and manages care teams; an editor does not see all', () => {
    for (const role of ['doctor', 'caregiver'] as const) {
      expect(can(as(role, 'supervisor'), 'patients:read-all')).toBe(true);
      expect(can(as(role, 'supervisor'), 'care-teams:manage')).toBe(true);
      expect(can(as(role, 'editor'), 'patients:read-all')).toBe(false);
    }
  });

  it("a coordinator plans the agency's visits and care teams and reads no clinical record", () => {
    const clinical = [
      'appointments:read',
      'medical-records:read',
      'progress-reports:read',
      'prescriptions:read',
      'medications:read',
      'vital-signs:read',
      'allergies:read',
      'conditions:read',
      'doses:read',
      'patients:write',
      'appointments:write',
      'medical-records:write',
      'progress-reports:create',
      'prescriptions:write',
      'medications:log',
      'vital-signs:record',
      'doses:record',
      'visits:check',
    ] as const;
    for (const privilege of privileges) {
      const coordinator = as('coordinator', privilege);
      for (const permission of [
        'self',
        'patients:read',
        'patients:read-all',
        'visits:read',
        'rota:read',
        'timesheets:read',
        'directory:read',
      ] as const) {
        expect(can(coordinator, permission), `${privilege} ${permission}`).toBe(true);
      }
      for (const permission of clinical) {
        expect(can(coordinator, permission), `${privilege} ${permission}`).toBe(false);
      }
      const plans = privilege !== 'viewer';
      for (const permission of [
        'visits:plan',
        'visits:correct',
        'care-plan:write',
        'care-teams:manage',
      ] as const) {
        expect(can(coordinator, permission), `${privilege} ${permission}`).toBe(plans);
      }
    }
    expect(dashboardPathFor('coordinator')).toBe('/coordinator-dashboard');
    expect(normalizeRole('coordinator')).toBe('coordinator');
  });

  it('whoever plans visits reads the rota', () => {
    for (const role of roles) {
      for (const privilege of privileges) {
        const user = as(role, privilege);
        if (can(user, 'visits:plan'))
          expect(can(user, 'rota:read'), `${role} ${privilege}`).toBe(true);
      }
    }
  });

  it("sign-up offers the seed's three roles; a coordinator is appointed", () => {
    expect([...signUpRoles]).toEqual(['doctor', 'caregiver', 'patient']);
    expect(roles).toContain('coordinator');
  });

  it('only admins manage users, read the audit log and restore records', () => {
    for (const role of roles) {
      for (const privilege of privileges) {
        const expected = privilege === 'admin';
        for (const permission of ['users:manage', 'audit:read', 'records:restore'] as const) {
          expect(can(as(role, privilege), permission), `${role} ${privilege}`).toBe(expected);
        }
      }
    }
  });

  it('each privilege includes the ones before it', () => {
    for (const role of roles) {
      for (let i = 1; i < privileges.length; i += 1) {
        const lower = permissionsFor(role, privileges[i - 1]!);
        const higher = permissionsFor(role, privileges[i]!);
        for (const permission of lower) expect(higher.has(permission)).toBe(true);
      }
    }
  });

  it('every signed-in role manages its own account (self)', () => {
    for (const role of roles) expect(can(as(role, 'viewer'), 'self')).toBe(true);
  });

  it('"user" is the legacy patient; an unknown or missing role is a guest with no permissions', () => {
    expect(normalizeRole('user')).toBe('patient');
    expect(normalizeRole('doctor')).toBe('doctor');
    for (const odd of ['admin', 'Doctor', '', null, undefined, 'guest']) {
      expect(normalizeRole(odd)).toBe('guest');
    }
    for (const privilege of privileges) expect(permissionsFor('guest', privilege).size).toBe(0);
    for (const permission of permissionNames) {
      expect(can(as('guest', 'admin'), permission)).toBe(false);
    }
    expect(can(null, 'self')).toBe(false);
  });

  it('an unknown stored privilege counts as viewer', () => {
    expect(normalizePrivilege('root')).toBe('viewer');
    expect(normalizePrivilege(null)).toBe('viewer');
    expect(normalizePrivilege('supervisor')).toBe('supervisor');
  });

  it('each role lands on its dashboard; guests on /login', () => {
    expect(dashboardPathFor('doctor')).toBe('/dashboard');
    expect(dashboardPathFor('caregiver')).toBe('/caregiver-dashboard');
    expect(dashboardPathFor('patient')).toBe('/patient-dashboard');
    expect(dashboardPathFor('guest')).toBe('/login');
  });
});
