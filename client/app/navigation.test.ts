import { describe, expect, it } from 'vitest';
import type { EffectiveRole, Privilege } from '../../shared/permissions.ts';
import { mayOpen, screens, type SidebarUser } from './navigation.ts';

const screen = (path: string) => {
  const found = screens.find((s) => s.path === path);
  if (!found) throw new Error(`no screen ${path}`);
  return found;
};
const user = (role: EffectiveRole, privileges: Privilege = 'editor'): SidebarUser => ({
  role,
  privileges,
});

describe('mayOpen: a screen typed into the address bar opens only with its permission', () => {
  it('keeps a coordinator off the patient’s appointment screen, whose list they may not read', () => {
    expect(mayOpen(screen('/patient-appointments'), user('coordinator'))).toBe(false);
    expect(mayOpen(screen('/patient-appointments'), user('coordinator', 'admin'))).toBe(false);
    expect(mayOpen(screen('/patient-appointments'), user('patient', 'viewer'))).toBe(true);
  });

  it('opens the Users screen to admins only', () => {
    expect(mayOpen(screen('/users'), user('doctor', 'admin'))).toBe(true);
    expect(mayOpen(screen('/users'), user('doctor', 'supervisor'))).toBe(false);
    expect(mayOpen(screen('/users'), user('caregiver'))).toBe(false);
  });

  it('opens a dashboard only to the role it belongs to', () => {
    const dashboards = screens.filter((s) => s.dashboard);
    expect(dashboards.length).toBeGreaterThan(1);
    for (const role of ['doctor', 'caregiver', 'patient', 'coordinator'] as const) {
      expect(dashboards.filter((s) => mayOpen(s, user(role))).length).toBe(1);
    }
  });
});
