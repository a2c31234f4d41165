import type { ComponentType } from 'react';
import {
  can,
  dashboardPathFor,
  isOwnDashboard,
  isSignedIn,
  ownPatientIdOf,
  roles,
  type EffectiveRole,
  type Permission,
  type Privilege,
  type Role,
} from '../../shared/permissions.ts';
import { recordType, type RecordType } from '../../shared/record-types.ts';
import { adminOnlyTexts } from '../../shared/messages.ts';

/**
 * The registry of screens: every path the app answers, what it loads, who it is for and where
 * the sidebar lists it. The router, the sidebar and the landing path all read it. Icons are
 * named here and drawn by the signed-in frame, so the login screen does not download them.
 */

export type ScreenIcon =
  | 'dashboard'
  | 'patients'
  | 'appointments'
  | 'records'
  | 'medication'
  | 'progress'
  | 'reminders'
  | 'notifications'
  | 'settings'
  | 'access-log'
  | 'users'
  | 'audit'
  | 'deleted-records'
  | 'timesheets'
  | 'rota';

type Load = () => Promise<{ default: ComponentType }>;

export interface Screen {
  path: string;
  load: Load;
  /**
   * Who the screen is for: the sidebar lists it only with this permission, and someone without
   * it who opens its address reads a refusal (its `refusal`, else a general one) in its place.
   */
  access: Permission;
  /** Why someone without `access` may not use it, when the screen says more than the default. */
  refusal?: string;
  /** A dashboard opens only for the role whose landing path it is; others go to their own. */
  dashboard?: boolean;
  /** The sidebar entry: its words, its icon and its place in each role's list (absent: not listed). */
  sidebar?: {
    label: string;
    icon: ScreenIcon;
    order: Partial<Record<Role, number>>;
    /**
     * Where the entry goes, for a path with a parameter: worked out from the session, and the
     * entry left out when this answers null. Without it the entry goes to `path`.
     */
    to?: (user: SidebarUser) => string | null;
  };
}

/** What the sidebar knows of the signed-in user. */
export interface SidebarUser {
  role: EffectiveRole;
  privileges: Privilege;
  /** The patient record a patient account is linked to (absent or null: none). */
  patientId?: number | null;
}

/** The agency-wide duties come after a role's own links, for every role that holds them. */
const everyRoleLast: Partial<Record<Role, number>> = {
  doctor: 100,
  caregiver: 100,
  patient: 100,
  coordinator: 100,
};

const screenOf = (type: RecordType): string => recordType(type).screen!;

const dashboard = (path: string, load: Load): Screen => ({
  path,
  load,
  access: 'self',
  dashboard: true,
  sidebar: {
    label: 'Dashboard',
    icon: 'dashboard',
    order: Object.fromEntries(roles.filter((r) => dashboardPathFor(r) === path).map((r) => [r, 0])),
  },
});

/** The signed-in screens. */
export const screens: Screen[] = [
  dashboard('/dashboard', () => import('../features/appointments/doctor-dashboard-page.tsx')),
  dashboard(
    '/caregiver-dashboard',
    () => import('../features/reminders/caregiver-dashboard-page.tsx'),
  ),
  dashboard(
    '/patient-dashboard',
    () => import('../features/dashboards/patient-dashboard-page.tsx'),
  ),
  dashboard(
    '/coordinator-dashboard',
    () => import('../features/dashboards/coordinator-dashboard-page.tsx'),
  ),
  {
    path: screenOf('patient'),
    load: () => import('../features/patients/patients-page.tsx'),
    access: 'patients:read',
    sidebar: {
      label: 'Patients',
      icon: 'patients',
      order: { doctor: 1, caregiver: 1, coordinator: 1 },
    },
  },
  {
    path: '/patients/:id',
    load: () => import('../features/patients/patient-detail-page.tsx'),
    access: 'patients:read',
    // A patient's own chart, once the account is linked to a record.
    sidebar: {
      label: 'My record',
      icon: 'records',
      order: { patient: 1 },
      to: (user) => {
        const own = ownPatientIdOf({ ...user, patientId: user.patientId ?? null });
        return own === null ? null : `/patients/${own}`;
      },
    },
  },
  {
    path: '/patients/:id/summary',
    load: () => import('../features/patients/patient-summary-page.tsx'),
    // A clinical handover: for those who read the clinical record, not office staff.
    access: 'medical-records:read',
  },
  {
    path: '/patients/:id/mar',
    load: () => import('../features/patients/patient-mar-page.tsx'),
    access: 'doses:read',
  },
  {
    path: screenOf('appointment'),
    load: () => import('../features/appointments/appointments-page.tsx'),
    access: 'appointments:read',
    sidebar: { label: 'Appointments', icon: 'appointments', order: { doctor: 2 } },
  },
  {
    path: '/patient-appointments',
    load: () => import('../features/appointments/patient-appointments-page.tsx'),
    access: 'appointments:request',
    sidebar: { label: 'Appointments', icon: 'appointments', order: { patient: 2 } },
  },
  {
    path: screenOf('medical-record'),
    load: () => import('../features/medical-records/medical-records-page.tsx'),
    access: 'medical-records:read',
    sidebar: { label: 'Medical Records', icon: 'records', order: { doctor: 3 } },
  },
  {
    path: screenOf('prescription'),
    load: () => import('../features/prescriptions/prescriptions-medication-page.tsx'),
    access: 'prescriptions:read',
    sidebar: {
      label: 'Prescriptions & Medication',
      icon: 'medication',
      order: { doctor: 4, caregiver: 3 },
    },
  },
  {
    path: screenOf('progress-report'),
    load: () => import('../features/progress-reports/progress-report-page.tsx'),
    access: 'progress-reports:read',
    sidebar: { label: 'Progress Report', icon: 'progress', order: { doctor: 5, caregiver: 2 } },
  },
  {
    path: '/timesheets',
    load: () => import('../features/timesheets/timesheets-page.tsx'),
    access: 'timesheets:read',
    // A caregiver's own sheet; every caregiver's for supervisors.
    sidebar: {
      label: 'Timesheets',
      icon: 'timesheets',
      order: { doctor: 5.7, caregiver: 3.7, coordinator: 3 },
    },
  },
  {
    path: '/rota',
    load: () => import('../features/rota/rota-page.tsx'),
    access: 'rota:read',
    sidebar: {
      label: 'Rota',
      icon: 'rota',
      order: { doctor: 5.5, caregiver: 3.5, coordinator: 2 },
    },
  },
  {
    path: '/reminders',
    load: () => import('../features/reminders/reminders-page.tsx'),
    access: 'self',
    // Every role keeps its own reminders; a caregiver also has them on the dashboard.
    sidebar: {
      label: 'Reminders',
      icon: 'reminders',
      order: { doctor: 5.9, caregiver: 3.9, patient: 2.5, coordinator: 3.9 },
    },
  },
  {
    path: '/notifications',
    load: () => import('../features/notifications/notifications-page.tsx'),
    access: 'self',
    sidebar: {
      label: 'Notifications',
      icon: 'notifications',
      order: { doctor: 6, caregiver: 4, patient: 3, coordinator: 4 },
    },
  },
  {
    path: '/settings',
    load: () => import('../features/settings/settings-page.tsx'),
    access: 'self',
    sidebar: {
      label: 'Settings',
      icon: 'settings',
      order: { doctor: 7, caregiver: 5, patient: 4, coordinator: 5 },
    },
  },
  { path: '/profile', load: () => import('../features/profile/profile-page.tsx'), access: 'self' },
  {
    path: '/access-log',
    load: () => import('../features/audit/access-log-page.tsx'),
    access: 'self',
    sidebar: { label: 'Who viewed my record', icon: 'access-log', order: { patient: 5 } },
  },
  {
    path: '/users',
    load: () => import('../features/users/users-page.tsx'),
    access: 'users:manage',
    refusal: adminOnlyTexts.users,
    sidebar: { label: 'Users', icon: 'users', order: everyRoleLast },
  },
  {
    path: '/audit',
    load: () => import('../features/audit/audit-page.tsx'),
    access: 'audit:read',
    refusal: adminOnlyTexts.audit,
    sidebar: { label: 'Audit Log', icon: 'audit', order: everyRoleLast },
  },
  {
    path: '/deleted-records',
    load: () => import('../features/deleted-records/deleted-records-page.tsx'),
    access: 'records:restore',
    refusal: adminOnlyTexts.deletedRecords,
    sidebar: { label: 'Deleted Records', icon: 'deleted-records', order: everyRoleLast },
  },
  {
    path: '/agency-export',
    load: () => import('../features/agency-export/agency-export-page.tsx'),
    access: 'agency:export',
    sidebar: { label: 'Agency export', icon: 'records', order: everyRoleLast },
  },
  {
    path: '/import-patients',
    load: () => import('../features/patient-import/import-patients-page.tsx'),
    access: 'patients:import',
    sidebar: { label: 'Import patients', icon: 'patients', order: everyRoleLast },
  },
];

/** Screens open to guests; a signed-in user on /login or /signup goes to their dashboard. */
export const publicScreens: Pick<Screen, 'path' | 'load'>[] = [
  { path: '/login', load: () => import('../features/auth/login-page.tsx') },
  { path: '/signup', load: () => import('../features/auth/signup-page.tsx') },
  { path: '/join', load: () => import('../features/auth/join-page.tsx') },
  { path: '/forgot-password', load: () => import('../features/auth/forgot-password-page.tsx') },
  { path: '/reset-password', load: () => import('../features/auth/reset-password-page.tsx') },
  { path: '*', load: () => import('./not-found-page.tsx') },
];

/** A dashboard opens only for the role whose landing path it is; any other screen for anyone. */
export function dashboardAllows(screen: Screen, user: SidebarUser): boolean {
  return !screen.dashboard || isOwnDashboard(user, screen.path);
}

/**
 * Whether a signed-in user may open the screen: they hold its permission and, for a dashboard,
 * it is their own. Someone without the permission who types its address reads why (the
 * screen's `refusal`) rather than the error of a list the server refuses.
 */
export function mayOpen(screen: Screen, user: SidebarUser): boolean {
  return can(user, screen.access) && dashboardAllows(screen, user);
}

export interface SidebarEntry {
  label: string;
  to: string;
  icon: ScreenIcon;
}

/** The sidebar of a user: the seed's links for their role, in its order, then their duties. */
export function sidebarEntriesFor(user: SidebarUser): SidebarEntry[] {
  if (!isSignedIn(user)) return [];
  const { role } = user;
  return screens
    .flatMap((screen) => {
      const order = screen.sidebar?.order[role];
      if (order === undefined || !mayOpen(screen, user)) return [];
      const { label, icon } = screen.sidebar!;
      const to = screen.sidebar!.to ? screen.sidebar!.to(user) : screen.path;
      return to === null ? [] : [{ order, entry: { label, icon, to } }];
    })
    .sort((a, b) => a.order - b.order)
    .map(({ entry }) => entry);
}
