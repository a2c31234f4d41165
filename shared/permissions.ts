/**
 * Who may do what: one table of role x privilege -> permissions, used by the server to decide
 * and by the client to show or hide actions. Each privilege includes the ones before it.
 */
export const roles = ['doctor', 'caregiver', 'patient', 'coordinator'] as const;
export type Role = (typeof roles)[number];
/**
 * The roles a person may choose when signing up: the seed's three. A coordinator is office
 * staff an admin appoints (an invitation, or the Users screen).
 */
export const signUpRoles = ['doctor', 'caregiver', 'patient'] as const satisfies readonly Role[];
export type SignUpRole = (typeof signUpRoles)[number];
/** The effective role of a session: a real role, or guest when the stored one is unknown. */
export type EffectiveRole = Role | 'guest';

export const privileges = ['viewer', 'editor', 'supervisor', 'admin'] as const;
export type Privilege = (typeof privileges)[number];

export const permissionNames = [
  // own account: profile, password, settings, reminders, notifications
  'self',
  'patients:read',
  'patients:write',
  'patients:read-all',
  'care-teams:manage',
  'appointments:read',
  'appointments:write',
  'appointments:request',
  'medical-records:read',
  'medical-records:write',
  'progress-reports:read',
  'progress-reports:create',
  'progress-reports:write',
  'prescriptions:read',
  'prescriptions:write',
  'medications:read',
  'medications:write',
  'medications:log',
  'vital-signs:read',
  'vital-signs:record',
  'vital-signs:write',
  'vital-thresholds:write',
  'allergies:read',
  'allergies:write',
  'conditions:read',
  'conditions:write',
  'doses:read',
  'doses:record',
  'visits:read',
  'visits:plan',
  'rota:read',
  'visits:check',
  'visits:correct',
  'care-plan:write',
  'timesheets:read',
  'directory:read',
  'users:manage',
  'audit:read',
  'records:restore',
  'agency:manage',
  'agency:export',
  'patients:import',
] as const;
export type Permission = (typeof permissionNames)[number];

type Grants = Record<Privilege, readonly Permission[]>;

const clinicalReads: readonly Permission[] = [
  'patients:read',
  'appointments:read',
  'medical-records:read',
  'progress-reports:read',
  'prescriptions:read',
  'medications:read',
  'vital-signs:read',
  'allergies:read',
  'conditions:read',
  'doses:read',
  'visits:read',
  'directory:read',
];

const adminGrants: readonly Permission[] = [
  'users:manage',
  'audit:read',
  'records:restore',
  'agency:manage',
  'agency:export',
  'patients:import',
];
const supervisorGrants: readonly Permission[] = [
  'patients:read-all',
  'care-teams:manage',
  'visits:plan',
  'rota:read',
  'visits:correct',
  'care-plan:write',
  'timesheets:read',
];

/*
 * Authorship of clinical records (PRODUCT.md section 7). The author of a medical record,
 * progress report, prescription or medication record is the signed-in user, kept with the
 * record and its audit row. A `*:write` or `*:create` grant allows naming another doctor or
 * caregiver only from the patient's care team. The rule is the same for every privilege:
 * supervisors and admins, who see the whole agency, do not name a clinician outside the care
 * team either; a supervisor manages care teams (`care-teams:manage`) and adds the clinician to
 * the team first, so the attribution is visible where the team is.
 */

/*
 * Vital signs. `vital-signs:record` adds a reading for a patient in the caller's scope and
 * changes or deletes the readings the caller recorded; `vital-signs:write` changes or deletes
 * any reading in scope. The care team's editors hold both. A patient holds `record` from viewer
 * on, as with appointment requests: home readings (blood pressure, weight) are the patient's
 * own entries about themself, and the scope keeps them to their own record. Which reading is
 * the caller's own is the service's decision (403 otherwise, audited).
 */

/*
 * The patient's chart. Allergies and conditions are read by everyone who may
 * see the patient (the care team, supervisors, the patient for their own record) and kept by
 * doctors (`allergies:write`, `conditions:write`, editor and up). The ranges a reading is
 * checked against are set by doctors (`vital-thresholds:write`) and read with the vital signs.
 */

/*
 * Medication rounds. Everyone who sees a patient reads their doses and MAR (`doses:read`); the
 * care team's doctors and caregivers (editor and up) record outcomes, correct them and delete
 * one recorded in error (`doses:record`). Corrections keep the version they replace. The
 * schedule is part of the prescription (`prescriptions:write`). Administrators set the agency's
 * time zone and dose windows (`agency:manage`).
 */

/*
 * Caregiver visits. Everyone who sees a patient reads their visits (`visits:read`); the patient
 * sees who is coming and when. Supervisors and the care team's doctors (editor and up) plan,
 * move, cancel and delete visits of patients in their scope (`visits:plan`), read the rota of
 * the visits in their scope (`rota:read`, which coordinators hold from viewer on) and keep the
 * patient's care plan tasks (`care-plan:write`). Caregivers (editor and up) check in and out of
 * the visits assigned to them (`visits:check`; another caregiver's visit is refused, 403). A
 * caregiver reads their own timesheet, a supervisor everyone's (`timesheets:read`; the service
 * decides whose) and corrects check-in and check-out times with a reason (`visits:correct`).
 */

/*
 * Coordinators. Office staff who plan the agency's work: they see every patient's demographics
 * (`patients:read`, `patients:read-all`), care teams, the rota, visits and timesheets, and from
 * editor on plan and edit visits and their care plan tasks, correct check-in and check-out times
 * and manage care teams. They hold no clinical read: no medical records, progress reports,
 * prescriptions, medication, doses, vital signs, allergies, conditions or appointments. The
 * chart shows them the patient's details, care team and visits only.
 */
const coordinatorReads: readonly Permission[] = [
  'self',
  'patients:read',
  'patients:read-all',
  'visits:read',
  'rota:read',
  'timesheets:read',
  'directory:read',
];

/** What each role gains at each privilege level (cumulative levels are applied below). */
const table: Record<Role, Grants> = {
  doctor: {
    viewer: ['self', ...clinicalReads],
    editor: [
      'patients:write',
      'care-teams:manage',
      'appointments:write',
      'medical-records:write',
      'progress-reports:write',
      'prescriptions:write',
      'medications:write',
      'medications:log',
      'vital-signs:record',
      'vital-signs:write',
      'vital-thresholds:write',
      'allergies:write',
      'conditions:write',
      'doses:record',
      'visits:plan',
      'rota:read',
      'care-plan:write',
    ],
    supervisor: supervisorGrants,
    admin: adminGrants,
  },
  caregiver: {
    viewer: ['self', ...clinicalReads, 'timesheets:read'],
    editor: [
      'progress-reports:create',
      'medications:log',
      'vital-signs:record',
      'vital-signs:write',
      'doses:record',
      'visits:check',
    ],
    supervisor: supervisorGrants,
    admin: adminGrants,
  },
  patient: {
    viewer: [
      'self',
      'patients:read',
      'appointments:read',
      'appointments:request',
      'medical-records:read',
      'progress-reports:read',
      'prescriptions:read',
      'medications:read',
      'vital-signs:read',
      'vital-signs:record',
      'allergies:read',
      'conditions:read',
      'doses:read',
      'visits:read',
    ],
    editor: [],
    // A patient sees only their own record whatever the privilege; a higher level adds only
    // the agency-wide duties that do not touch other patients' data scope.
    supervisor: [],
    admin: adminGrants,
  },
  coordinator: {
    viewer: coordinatorReads,
    editor: ['care-teams:manage', 'visits:plan', 'visits:correct', 'care-plan:write'],
    supervisor: [],
    admin: adminGrants,
  },
};

/** Maps a stored role to the effective one: `user` is a legacy alias of patient. */
export function normalizeRole(role: string | null | undefined): EffectiveRole {
  if ((roles as readonly string[]).includes(role ?? '')) return role as Role;
  if (role === 'user') return 'patient';
  return 'guest';
}

export function normalizePrivilege(privilege: string | null | undefined): Privilege {
  return (privileges as readonly string[]).includes(privilege ?? '')
    ? (privilege as Privilege)
    : 'viewer';
}

/** The full set of permissions for a role at a privilege level. */
export function permissionsFor(role: EffectiveRole, privilege: Privilege): ReadonlySet<Permission> {
  const granted = new Set<Permission>();
  if (role === 'guest') return granted;
  const level = privileges.indexOf(privilege);
  privileges.forEach((p, index) => {
    if (index <= level) for (const permission of table[role][p]) granted.add(permission);
  });
  return granted;
}

export function can(
  user: { role: EffectiveRole; privileges: Privilege } | null | undefined,
  permission: Permission,
): boolean {
  if (!user) return false;
  return permissionsFor(user.role, user.privileges).has(permission);
}

/** The dashboard each role lands on after login. */
export function dashboardPathFor(role: EffectiveRole): string {
  switch (role) {
    case 'doctor':
      return '/dashboard';
    case 'caregiver':
      return '/caregiver-dashboard';
    case 'patient':
      return '/patient-dashboard';
    case 'coordinator':
      return '/coordinator-dashboard';
    case 'guest':
      return '/login';
  }
}

/** The parts of a session the helpers below read. */
interface SessionRole {
  role: EffectiveRole;
}

/** Signed in with a known role: a guest (no session, or an unknown stored role) is not. */
export function isSignedIn<T extends SessionRole>(
  user: T | null | undefined,
): user is T & { role: Role } {
  return Boolean(user) && user!.role !== 'guest';
}

/**
 * A patient account sees only its own patient record: its screens list that record's rows
 * (or nothing, while no record is linked), never the agency's.
 */
export function seesOwnRecordOnly(user: SessionRole | null | undefined): boolean {
  return user?.role === 'patient';
}

/** The patient record a patient account is limited to; null for staff and for unlinked accounts. */
export function ownPatientIdOf(
  user: (SessionRole & { patientId: number | null }) | null | undefined,
): number | null {
  return seesOwnRecordOnly(user) ? user!.patientId : null;
}

/**
 * The user's id when they work as `role` (a doctor's own records and appointments, the caregiver
 * a report is filed by); null for anyone else.
 */
export function staffIdAs(
  user: (SessionRole & { id: number }) | null | undefined,
  role: 'doctor' | 'caregiver',
): number | null {
  return user?.role === role ? user.id : null;
}

/** Whether `path` is the user's own dashboard (each role opens only its own). */
export function isOwnDashboard(user: SessionRole | null | undefined, path: string): boolean {
  return Boolean(user) && dashboardPathFor(user!.role) === path;
}
