import { randomBytes } from 'node:crypto';
import { can, type Permission } from '../../shared/permissions.ts';
import { hashToken } from '../auth/sessions.ts';
import { accountTokens, calendarFeeds } from '../db/schema/index.ts';
import { TEST_PASSWORD } from './factories.ts';
import { createOtherSession } from './session-factories.ts';
import {
  clinicalKinds,
  freshPassword,
  MISSING_ID,
  profileBody,
  reminderBody,
  type ClinicalKind,
  type Principal,
  type SecurityWorld,
  type Which,
} from './security-world.ts';

/**
 * What each /api route answers, derived from the permission table and the patient scope.
 *
 * The access plugin checks the route's `config.access` first (401 without a session, 403
 * without the permission); a rule adds only what the route's service decides beyond that: which
 * record its id names (so own / other / missing mean something), a finer permission where the
 * route's own is coarse (a patient may request but not book), and ownership. Everything a rule
 * says is written with `can` and the scope below, never as a status per role.
 */

/** ok: the route's success status; forbidden: 403; hidden: 404 (as for a missing id). */
export type Verdict = 'ok' | 'forbidden' | 'hidden' | number;

export interface CaseRequest {
  url: string;
  body?: unknown;
}

export interface CaseContext {
  w: SecurityWorld;
  p: Principal;
  which: Which;
  /** Set when the case is expected to change or delete its record: a record of its own. */
  fresh: boolean;
}

export interface Rule {
  /** Whether the route names a record (path id, or the patient of a body); else one case. */
  targeted: boolean;
  success: number;
  /** The service's decision for a caller who passed config.access. */
  decide: (p: Principal, which: Which) => Verdict;
  /** A success changes the record so that the next case could not reuse it. */
  mutates?: boolean;
  /** Ends the caller's session: runs after every other route. */
  last?: boolean;
  /** A never-ending text/event-stream: a success is read over real HTTP. */
  stream?: boolean;
  /** Runs for anonymous and one signed-in caller only (see publicRoutes in the test). */
  public?: boolean;
  request: (c: CaseContext) => Promise<CaseRequest>;
}

const allows = (p: Principal, permission: Permission) => can(p.session, permission);

/** The caller sees every patient of the agency (supervisors and admins among staff, coordinators). */
export const seesAgency = (p: Principal): boolean =>
  p.role !== 'patient' && allows(p, 'patients:read-all');

/** Patient scope: the caller's own records, the agency's for supervisors, never a missing id. */
export const patientScope = (p: Principal, which: Which): Verdict =>
  which === 'own' || (which === 'other' && seesAgency(p)) ? 'ok' : 'hidden';

/** Per-user things (reminders, notifications): only one's own, whatever the privilege. */
const ownOnly = (_p: Principal, which: Which): Verdict => (which === 'own' ? 'ok' : 'hidden');

/** Book and change (staff with appointments:write) or request and cancel one's own (patients). */
const appointmentActor = (p: Principal) =>
  allows(p, 'appointments:write') || (p.role === 'patient' && allows(p, 'appointments:request'));

const always = (): Verdict => 'ok';

const plain = (url: string, body?: unknown) => async (): Promise<CaseRequest> => ({ url, body });

/** A pending invitation of its own for one case (a caregiver viewer, valid a week). */
async function liveInvitation(w: SecurityWorld): Promise<{ id: number; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const now = w.t.clock.now();
  const [row] = await w.db
    .insert(accountTokens)
    .values({
      kind: 'invitation',
      tokenHash: hashToken(token),
      role: 'caregiver',
      privileges: 'viewer',
      createdBy: w.makerDoctor.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 7 * 24 * 60 * 60_000),
    })
    .returning({ id: accountTokens.id });
  return { id: row!.id, token };
}

function route(rule: Partial<Rule> & Pick<Rule, 'request'>): Rule {
  return { targeted: false, success: 200, decide: always, ...rule };
}

const rules: Record<string, Rule> = {
  'GET /api/health': route({ public: true, request: plain('/api/health') }),
  'GET /api/openapi.json': route({ public: true, request: plain('/api/openapi.json') }),
  // The API reference page (@fastify/swagger-ui): its HTML, scripts, styles and the document.
  'GET /api/docs': route({ public: true, request: plain('/api/docs') }),
  'GET /api/docs/json': route({ public: true, request: plain('/api/docs/json') }),
  'GET /api/docs/yaml': route({ public: true, request: plain('/api/docs/yaml') }),
  'GET /api/docs/static/*': route({
    public: true,
    request: plain('/api/docs/static/swagger-ui.css'),
  }),
  'GET /api/docs/static/swagger-initializer.js': route({
    public: true,
    request: plain('/api/docs/static/swagger-initializer.js'),
  }),
  'GET /api/docs/static/index.html': route({
    public: true,
    success: 302,
    request: plain('/api/docs/static/index.html'),
  }),
  'GET /api/session': route({ public: true, request: plain('/api/session') }),
  'POST /api/users/register': route({
    public: true,
    success: 201,
    request: async () => {
      const username = `signup_${Math.random().toString(36).slice(2, 10)}`;
      return {
        url: '/api/users/register',
        body: {
          username,
          firstName: 'Sam',
          secondName: 'Signup',
          email: `${username}@example.test`,
          password: freshPassword(),
          primaryLocation: 'Springfield',
          role: 'caregiver',
          privileges: 'viewer',
        },
      };
    },
  }),
  'POST /api/users/login': route({
    public: true,
    request: async ({ w }) => ({
      url: '/api/users/login',
      body: { username: w.targetUsers.other.username, password: TEST_PASSWORD },
    }),
  }),
  'POST /api/users/logout': route({ last: true, request: plain('/api/users/logout') }),
  'GET /api/users/me': route({ request: plain('/api/users/me') }),
  'PUT /api/users/me/password': route({
    request: async () => ({
      url: '/api/users/me/password',
      body: { currentPassword: TEST_PASSWORD, newPassword: freshPassword() },
    }),
  }),
  'GET /api/users/me/settings': route({ request: plain('/api/users/me/settings') }),
  'PUT /api/users/me/settings': route({
    request: plain('/api/users/me/settings', { fontSize: 18, darkMode: false }),
  }),
  // A profile: one's own, or anyone's for those who manage users.
  ...Object.fromEntries(
    (['GET', 'PUT'] as const).map((method) => [
      `${method} /api/users/username/:username`,
      route({
        targeted: true,
        decide: (p, which) =>
          which === 'own' || (which === 'other' && allows(p, 'users:manage')) ? 'ok' : 'hidden',
        request: async ({ w, p, which }) => {
          const target = which === 'own' && p.user ? p.user : w.targetUsers.other;
          const username = which === 'missing' ? `nobody_${MISSING_ID}` : target.username;
          return {
            url: `/api/users/username/${username}`,
            body: method === 'PUT' ? profileBody(target) : undefined,
          };
        },
      }),
    ]),
  ),
  'GET /api/users': route({ request: plain('/api/users') }),
  'GET /api/users.csv': route({ request: plain('/api/users.csv') }),
  // Invitations: the admin's reach is every invitation; accepting needs a live link of its own.
  'GET /api/users/sign-up-status': route({
    public: true,
    request: plain('/api/users/sign-up-status'),
  }),
  'POST /api/invitations': route({
    success: 201,
    request: plain('/api/invitations', { role: 'caregiver', privileges: 'viewer' }),
  }),
  'GET /api/invitations': route({ request: plain('/api/invitations') }),
  'GET /api/invitations.csv': route({ request: plain('/api/invitations.csv') }),
  'DELETE /api/invitations/:id': route({
    targeted: true,
    mutates: true,
    decide: (_p, which) => (which === 'missing' ? 'hidden' : 'ok'),
    request: async ({ w, which }) => ({
      url: `/api/invitations/${which === 'missing' ? MISSING_ID : (await liveInvitation(w)).id}`,
    }),
  }),
  'GET /api/invitations/accept/:token': route({
    public: true,
    request: async ({ w }) => ({
      url: `/api/invitations/accept/${(await liveInvitation(w)).token}`,
    }),
  }),
  'POST /api/invitations/accept': route({
    public: true,
    request: async ({ w }) => {
      const username = `invited_${Math.random().toString(36).slice(2, 10)}`;
      return {
        url: '/api/invitations/accept',
        body: {
          token: (await liveInvitation(w)).token,
          username,
          firstName: 'Ivy',
          secondName: 'Invited',
          email: `${username}@example.test`,
          password: freshPassword(),
          primaryLocation: 'Springfield',
        },
      };
    },
  }),
  // The admin's reach is every account: "other" is as reachable as "own".
  'PATCH /api/users/:id': route({
    targeted: true,
    decide: (_p, which) => (which === 'missing' ? 'hidden' : 'ok'),
    request: async ({ w, which }) => ({
      url: `/api/users/${which === 'missing' ? MISSING_ID : w.targetUsers[which].id}`,
      body: { isActive: true },
    }),
  }),
  // Password reset: anyone may ask (the same 202 whatever the account); a forged link answers
  // 404 on the check and 400 on use; an admin's reset link reaches every account.
  'POST /api/users/password-reset': route({
    public: true,
    success: 202,
    request: plain('/api/users/password-reset', { usernameOrEmail: 'nobody-here' }),
  }),
  'GET /api/users/password-reset/:token': route({
    public: true,
    decide: () => 404,
    request: plain(`/api/users/password-reset/${'x'.repeat(43)}`),
  }),
  'POST /api/users/password-reset/confirm': route({
    public: true,
    decide: () => 400,
    request: plain('/api/users/password-reset/confirm', {
      token: 'x'.repeat(43),
      password: 'a-brand-new-secret-42',
    }),
  }),
  'POST /api/users/password-reset-link/:id': route({
    targeted: true,
    decide: (_p, which) => (which === 'missing' ? 'hidden' : 'ok'),
    request: async ({ w, which }) => ({
      url: `/api/users/password-reset-link/${which === 'missing' ? MISSING_ID : w.targetUsers[which].id}`,
    }),
  }),
  // Two-factor: no principal has it on, so enable (no setup or a wrong code), new recovery codes
  // (not on) and turning off (an empty password, so no throttle counts it) answer 400.
  'GET /api/users/me/two-factor': route({ request: plain('/api/users/me/two-factor') }),
  'POST /api/users/me/two-factor/setup': route({
    request: plain('/api/users/me/two-factor/setup'),
  }),
  'POST /api/users/me/two-factor/enable': route({
    decide: () => 400,
    request: plain('/api/users/me/two-factor/enable', { code: '000000' }),
  }),
  'POST /api/users/me/two-factor/disable': route({
    decide: () => 400,
    request: plain('/api/users/me/two-factor/disable', { password: '' }),
  }),
  'POST /api/users/me/two-factor/recovery-codes': route({
    decide: () => 400,
    request: plain('/api/users/me/two-factor/recovery-codes', { password: 'not-the-password' }),
  }),
  'POST /api/users/:id/two-factor/disable': route({
    targeted: true,
    decide: (_p, which) => (which === 'missing' ? 'hidden' : 'ok'),
    request: async ({ w, which }) => ({
      url: `/api/users/${which === 'missing' ? MISSING_ID : w.targetUsers[which].id}/two-factor/disable`,
    }),
  }),
  // A forged challenge: the same 401 as an expired or spent one.
  'POST /api/users/login/two-factor': route({
    public: true,
    decide: () => 401,
    request: plain('/api/users/login/two-factor', { challenge: 'A'.repeat(43), code: '123456' }),
  }),
  // Where one is signed in: only one's own sessions; an admin's reach is every account.
  'GET /api/users/me/sessions': route({ request: plain('/api/users/me/sessions') }),
  'DELETE /api/users/me/sessions/:id': route({
    targeted: true,
    mutates: true,
    decide: ownOnly,
    request: async ({ w, p, which }) => {
      const owner = which === 'own' ? (p.user ?? w.targetUsers.own) : w.targetUsers.other;
      const id =
        which === 'missing'
          ? MISSING_ID
          : (await createOtherSession(w.db, owner.id, w.t.clock.now())).id;
      return { url: `/api/users/me/sessions/${id}` };
    },
  }),
  'POST /api/users/me/sessions/end-others': route({
    request: plain('/api/users/me/sessions/end-others'),
  }),
  // Calendar feeds: one's own only. Turning off needs a live feed, made here for each case.
  'GET /api/calendar-feed': route({ request: plain('/api/calendar-feed') }),
  'POST /api/calendar-feed': route({ success: 201, request: plain('/api/calendar-feed') }),
  'DELETE /api/calendar-feed': route({
    request: async ({ w, p }) => {
      if (p.user) {
        await w.db
          .insert(calendarFeeds)
          .values({
            userId: p.user.id,
            tokenHash: hashToken(randomBytes(32).toString('base64url')),
            createdAt: w.t.clock.now(),
          })
          .onConflictDoNothing();
      }
      return { url: '/api/calendar-feed' };
    },
  }),
  'GET /api/calendar-feed/:token.ics': route({
    public: true,
    decide: () => 'hidden',
    request: plain(`/api/calendar-feed/${'A'.repeat(43)}.ics`),
  }),
  'GET /api/users/sessions/:id': route({
    targeted: true,
    decide: (_p, which) => (which === 'missing' ? 'hidden' : 'ok'),
    request: async ({ w, which }) => ({
      url: `/api/users/sessions/${which === 'missing' ? MISSING_ID : w.targetUsers[which].id}`,
    }),
  }),
  'POST /api/users/sessions/:id/end': route({
    targeted: true,
    decide: (_p, which) => (which === 'missing' ? 'hidden' : 'ok'),
    request: async ({ w, which }) => ({
      url: `/api/users/sessions/${which === 'missing' ? MISSING_ID : w.targetUsers[which].id}/end`,
    }),
  }),
  'GET /api/directory': route({ request: plain('/api/directory?role=doctor') }),

  'GET /api/patients': route({ request: plain('/api/patients') }),
  // Each list's CSV answers exactly as its list.
  'GET /api/patients.csv': route({ request: plain('/api/patients.csv') }),
  'POST /api/patients': route({
    success: 201,
    request: async ({ w }) => ({ url: '/api/patients', body: patientBody(w) }),
  }),
  // Administrators (patients:import); a check (dry run) of a one-patient CSV sent as text.
  'POST /api/patients/import': route({
    request: plain('/api/patients/import?dryRun=true', {
      file: 'firstName,lastName,dob,gender,address,phoneNumber,emergencyContact,emergencyContactPhone\nAda,Import,1940-12-10,Female,Here,555,Sam,555\n',
    }),
  }),
  'GET /api/patients/:id': patientRoute({}),
  'PUT /api/patients/:id': patientRoute({ body: (w) => patientBody(w) }),
  'DELETE /api/patients/:id': patientRoute({ success: 204, mutates: true }),
  'POST /api/patients/:id/restore': route({
    targeted: true,
    mutates: true,
    // A patient account has one live linked record, so bringing back a second one conflicts.
    decide: (p, which) => (which === 'own' && p.role === 'patient' ? 409 : patientScope(p, which)),
    request: async ({ w, p, which }) => ({
      url: `/api/patients/${await w.deletedPatient(p, which)}/restore`,
    }),
  }),
  'GET /api/patients/:id/care-team': patientRoute({ suffix: '/care-team' }),
  // The chart: its header, timeline and vital series, in the patient scope.
  'GET /api/patients/:id/chart': patientRoute({ suffix: '/chart' }),
  'GET /api/patients/:id/fhir': patientRoute({ suffix: '/fhir' }),
  'GET /api/patients/:id/timeline': patientRoute({ suffix: '/timeline' }),
  'GET /api/patients/:id/vital-series': patientRoute({ suffix: '/vital-series' }),
  // Medication rounds: due now and the count for the caller's own patients; a day and the MAR
  // of one patient in scope.
  'GET /api/doses/due': route({ request: plain('/api/doses/due') }),
  'GET /api/doses/summary': route({ request: plain('/api/doses/summary') }),
  'GET /api/patients/:id/doses': patientRoute({ suffix: '/doses' }),
  'GET /api/patients/:id/mar': patientRoute({ suffix: '/mar' }),
  'GET /api/patients/:id/mar.csv': patientRoute({ suffix: '/mar.csv' }),
  // Caregiver visits: the caller's own day; the rota (week and day) in the caller's scope; one
  // patient's visits in scope. A timesheet without a caregiver is the caller's own, so only a
  // caregiver has one (others 400); the summary is for supervisors (403 otherwise); the export
  // without a caregiver is every caregiver's for a supervisor and one's own for a caregiver.
  'GET /api/visits/mine': route({ request: plain('/api/visits/mine') }),
  'GET /api/rota': route({ request: plain('/api/rota') }),
  'GET /api/rota.csv': route({ request: plain('/api/rota.csv') }),
  'GET /api/rota/day': route({ request: plain('/api/rota/day') }),
  'GET /api/patients/:id/visits': patientRoute({ suffix: '/visits' }),
  'GET /api/patients/:id/visits.csv': patientRoute({ suffix: '/visits.csv' }),
  'GET /api/timesheets': route({
    decide: (p) => (p.role === 'caregiver' ? 'ok' : 400),
    request: plain('/api/timesheets?from=2026-01-01&to=2026-01-31'),
  }),
  'GET /api/timesheets/summary': route({
    decide: (p) => (seesAgency(p) ? 'ok' : 'forbidden'),
    request: plain('/api/timesheets/summary?from=2026-01-01&to=2026-01-31'),
  }),
  'GET /api/timesheets/export': route({
    decide: (p) => (seesAgency(p) || p.role === 'caregiver' ? 'ok' : 400),
    request: plain('/api/timesheets/export?from=2026-01-01&to=2026-01-31'),
  }),
  // Taking "no known allergies" back (false) never meets the 409 of allergies listed.
  'PUT /api/patients/:id/allergy-status': patientRoute({
    suffix: '/allergy-status',
    body: () => ({ noKnownAllergies: false }),
  }),
  // Read with the vital signs; set by doctors (vital-thresholds:write), in the patient scope.
  'GET /api/patients/:id/vital-ranges': patientRoute({ suffix: '/vital-ranges' }),
  'PUT /api/patients/:id/vital-ranges': patientRoute({
    suffix: '/vital-ranges',
    body: () => ({ ranges: { pulse: { low: 50, high: 110 } } }),
  }),
  'POST /api/patients/:id/care-team': patientRoute({
    suffix: '/care-team',
    success: 201,
    mutates: true,
    body: (w) => ({ userId: w.spareDoctor.id }),
  }),
  'DELETE /api/patients/:id/care-team/:userId': route({
    targeted: true,
    success: 204,
    mutates: true,
    decide: patientScope,
    request: async ({ w, p, which }) => {
      if (which === 'missing') {
        return { url: `/api/patients/${MISSING_ID}/care-team/${w.spareDoctor.id}` };
      }
      // Always a patient of its own: the call takes a member off its care team.
      const patientId = await w.patientWithSpareMember(p, which);
      return { url: `/api/patients/${patientId}/care-team/${w.spareDoctor.id}` };
    },
  }),
  'PUT /api/patients/:id/account': route({
    targeted: true,
    mutates: true,
    decide: patientScope,
    request: async ({ w, p, which, fresh }) => {
      const account = await w.unlinkedPatientAccount();
      const patientId = await w.patientFor(p, which, fresh);
      return { url: `/api/patients/${patientId}/account`, body: { username: account.username } };
    },
  }),
  'DELETE /api/patients/:id/account': route({
    targeted: true,
    mutates: true,
    decide: patientScope,
    request: async ({ w, p, which, fresh }) => ({
      url: `/api/patients/${await w.patientFor(p, which, fresh)}/account`,
    }),
  }),
  // Who opened a record: any patient's for those who read the audit log, else one's own only.
  'GET /api/patients/:id/access-log': patientRoute({
    suffix: '/access-log',
    decide: (p, which) => {
      if (allows(p, 'audit:read')) return which === 'missing' ? 'hidden' : 'ok';
      if (p.role === 'patient') return patientScope(p, which);
      return 'forbidden';
    },
  }),
  'GET /api/patients/:id/access-log.csv': patientRoute({
    suffix: '/access-log.csv',
    decide: (p, which) => {
      if (allows(p, 'audit:read')) return which === 'missing' ? 'hidden' : 'ok';
      if (p.role === 'patient') return patientScope(p, which);
      return 'forbidden';
    },
  }),
  'GET /api/audit': route({ request: plain('/api/audit') }),
  'GET /api/audit.csv': route({ request: plain('/api/audit.csv') }),
  // The agency's settings: read by everyone signed in, set by administrators (agency:manage).
  'GET /api/agency-settings': route({ request: plain('/api/agency-settings') }),
  'PUT /api/agency-settings': route({
    request: plain('/api/agency-settings', {
      timeZone: 'UTC',
      doseWindowMinutes: 60,
      doseMissedAfterMinutes: 240,
    }),
  }),
  'GET /api/deleted-records': route({ request: plain('/api/deleted-records') }),
  'GET /api/deleted-records.csv': route({ request: plain('/api/deleted-records.csv') }),
  // The agency's FHIR export (agency:export, administrators).
  'GET /api/fhir/export': route({ request: plain('/api/fhir/export') }),
  'GET /api/fhir/export/:file': route({ request: plain('/api/fhir/export/Practitioner.ndjson') }),

  'GET /api/appointments': route({ request: plain('/api/appointments') }),
  'GET /api/appointments.csv': route({ request: plain('/api/appointments.csv') }),
  // A doctor's own appointments, or any doctor's for those who see the agency; 404 otherwise.
  'GET /api/appointments/doctor/:doctorId': route({
    targeted: true,
    decide: (p, which) => {
      if (which === 'own') return p.role === 'doctor' ? 'ok' : 'hidden';
      return which === 'other' && allows(p, 'patients:read-all') ? 'ok' : 'hidden';
    },
    request: async ({ w, p, which }) => ({
      url: `/api/appointments/doctor/${personId(w, p, which, 'doctor')}`,
    }),
  }),
  'GET /api/appointments/patient/:patientId': patientRoute({ prefix: '/api/appointments/patient' }),
  'POST /api/appointments': bodyPatientRoute('appointments', {
    decide: (p, which) => (appointmentActor(p) ? patientScope(p, which) : 'forbidden'),
  }),
  ...recordRoutes('appointments', {
    remove: (p, which) => (appointmentActor(p) ? patientScope(p, which) : 'forbidden'),
    // An appointment that is not deleted answers 404, as one out of scope does.
    restoreStatus: 200,
  }),
  // Completed / no-show / scheduled again: staff who book (appointments:write) in their scope.
  'POST /api/appointments/status/:id': route({
    targeted: true,
    mutates: true,
    decide: patientScope,
    request: async ({ w, p, which, fresh }) => ({
      url: `/api/appointments/status/${(await w.record('appointments', p, which, { fresh })).id}`,
      body: { status: 'completed' },
    }),
  }),
  // Cancelling keeps the record; who may is who may delete.
  'POST /api/appointments/cancel/:id': route({
    targeted: true,
    mutates: true,
    decide: (p, which) => (appointmentActor(p) ? patientScope(p, which) : 'forbidden'),
    request: async ({ w, p, which, fresh }) => ({
      url: `/api/appointments/cancel/${(await w.record('appointments', p, which, { fresh })).id}`,
      body: { reason: 'Unwell' },
    }),
  }),
  'GET /api/reminders': route({ request: plain('/api/reminders') }),
  'GET /api/reminders.csv': route({ request: plain('/api/reminders.csv') }),
  'POST /api/reminders': route({ success: 201, request: plain('/api/reminders', reminderBody()) }),
  'PUT /api/reminders/:id': route({
    targeted: true,
    decide: ownOnly,
    request: async ({ w, p, which }) => ({
      url: `/api/reminders/${await w.reminder(p, which)}`,
      body: reminderBody(),
    }),
  }),
  'DELETE /api/reminders/:id': route({
    targeted: true,
    success: 204,
    mutates: true,
    decide: ownOnly,
    request: async ({ w, p, which, fresh }) => ({
      url: `/api/reminders/${await w.reminder(p, which, fresh)}`,
    }),
  }),
  'GET /api/notifications': route({ request: plain('/api/notifications') }),
  'GET /api/notifications.csv': route({ request: plain('/api/notifications.csv') }),
  'GET /api/notifications/unread-count': route({
    request: plain('/api/notifications/unread-count'),
  }),
  // Dismissing again is fine, so one notification serves every case.
  'POST /api/notifications/:id/dismiss': route({
    targeted: true,
    success: 204,
    decide: ownOnly,
    request: async ({ w, p, which }) => ({
      url: `/api/notifications/${await w.notification(p, which)}/dismiss`,
    }),
  }),
  'GET /api/notifications/stream': route({
    stream: true,
    request: plain('/api/notifications/stream'),
  }),
};

for (const kind of clinicalKinds) {
  Object.assign(rules, clinicalRoutes(kind));
}
Object.assign(rules, visitRoutes());

/** The rules by `METHOD url` (Fastify's route url, with its `:params`). */
export const routeRules: Readonly<Record<string, Rule>> = rules;

/** The expected status of one case, from config.access, the permission table and the rule. */
export function expectedStatus(
  access: string | undefined,
  rule: Rule,
  p: Principal,
  which: Which,
): number {
  if (access !== 'public') {
    if (!p.session) return 401;
    if (access !== 'session' && !can(p.session, access as Permission)) return 403;
  }
  return statusOf(rule.decide(p, which), rule);
}

export function statusOf(verdict: Verdict, rule: Rule): number {
  if (verdict === 'ok') return rule.success;
  if (verdict === 'forbidden') return 403;
  if (verdict === 'hidden') return 404;
  return verdict;
}

function patientBody(_w: SecurityWorld) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    dob: '1940-12-10',
    gender: 'Female',
    address: '12 Elm Street, Springfield',
    phoneNumber: '555-0100',
    emergencyContact: 'Byron Lovelace',
    emergencyContactPhone: '555-0101',
  };
}

/** A route on one patient (`/api/patients/:id...`), in the patient scope. */
function patientRoute(options: {
  prefix?: string;
  suffix?: string;
  success?: number;
  mutates?: boolean;
  body?: (w: SecurityWorld) => unknown;
  decide?: Rule['decide'];
}): Rule {
  return route({
    targeted: true,
    success: options.success ?? 200,
    mutates: options.mutates,
    decide: options.decide ?? patientScope,
    request: async ({ w, p, which, fresh }) => {
      const id = await w.patientFor(p, which, fresh);
      return {
        url: `${options.prefix ?? '/api/patients'}/${id}${options.suffix ?? ''}`,
        body: options.body?.(w),
      };
    },
  });
}

/** The user id a by-person list names: the caller (own), a maker (other) or nobody. */
function personId(w: SecurityWorld, p: Principal, which: Which, role: 'doctor' | 'caregiver') {
  if (which === 'missing') return MISSING_ID;
  if (which === 'own') return p.user?.id ?? MISSING_ID;
  return role === 'doctor' ? w.makerDoctor.id : w.makerCaregiver.id;
}

/** A create call whose body names the patient: own / other / missing is that patient. */
function bodyPatientRoute(
  kind: ClinicalKind | 'appointments',
  options: { decide?: Rule['decide'] } = {},
): Rule {
  return route({
    targeted: true,
    success: 201,
    decide: options.decide ?? patientScope,
    request: async ({ w, p, which }) => {
      const patientId = await w.patientFor(p, which);
      return { url: `/api/${kind}`, body: await w.bodyFor(kind, patientId, p) };
    },
  });
}

/** GET, PUT, DELETE and restore of one record of a kind. */
function recordRoutes(
  kind: ClinicalKind | 'appointments',
  options: {
    update?: Rule['decide'];
    remove?: Rule['decide'];
    restoreStatus?: number;
  } = {},
): Record<string, Rule> {
  const base = `/api/${kind}`;
  return {
    [`GET ${base}/:id`]: route({
      targeted: true,
      decide: patientScope,
      request: async ({ w, p, which }) => ({
        url: `${base}/${(await w.record(kind, p, which)).id}`,
      }),
    }),
    [`PUT ${base}/:id`]: route({
      targeted: true,
      decide: options.update ?? patientScope,
      request: async ({ w, p, which }) => {
        const record = await w.record(kind, p, which);
        return { url: `${base}/${record.id}`, body: record.body };
      },
    }),
    [`DELETE ${base}/:id`]: route({
      targeted: true,
      success: 204,
      mutates: true,
      decide: options.remove ?? patientScope,
      request: async ({ w, p, which, fresh }) => ({
        url: `${base}/${(await w.record(kind, p, which, { fresh })).id}`,
      }),
    }),
    // Restoring reaches the agency for staff admins and one's own record for a patient account.
    [`POST ${base}/restore/:id`]: route({
      targeted: true,
      success: options.restoreStatus ?? 200,
      mutates: true,
      decide: patientScope,
      request: async ({ w, p, which, fresh }) => ({
        url: `${base}/restore/${(await w.record(kind, p, which, { fresh, deleted: true })).id}`,
      }),
    }),
  };
}

/**
 * A vital signs reading: those with vital-signs:write change any in scope, anyone else who may
 * record (a patient) only the readings they took. The world's readings are taken by a maker,
 * so for such a caller a reading in scope is someone else's.
 */
function changesOwnReadings(p: Principal, which: Which): Verdict {
  const scope = patientScope(p, which);
  if (scope !== 'ok') return scope;
  return allows(p, 'vital-signs:write') ? 'ok' : 'forbidden';
}

/** The eight calls every clinical record type shares, plus its list by person. */
function clinicalRoutes(kind: ClinicalKind): Record<string, Rule> {
  const base = `/api/${kind}`;
  const byPerson =
    kind === 'progress-reports'
      ? 'caregiver'
      : kind === 'medications' ||
          kind === 'vital-signs' ||
          kind === 'allergies' ||
          kind === 'conditions' ||
          kind === 'doses' ||
          kind === 'visits' ||
          kind === 'care-plan-tasks'
        ? null
        : 'doctor';
  const result: Record<string, Rule> = {
    [`GET ${base}`]: route({ request: plain(base) }),
    [`GET ${base}.csv`]: route({ request: plain(`${base}.csv`) }),
    [`GET ${base}/patient/:id`]: patientRoute({ prefix: `${base}/patient` }),
    [`POST ${base}`]: bodyPatientRoute(kind),
    ...recordRoutes(kind, {
      update:
        kind === 'progress-reports'
          ? // Doctors change any report in scope; caregivers who may file one, their own.
            (p, which) => {
              if (!allows(p, 'progress-reports:write') && !allows(p, 'progress-reports:create')) {
                return 'forbidden';
              }
              const scope = patientScope(p, which);
              if (scope !== 'ok') return scope;
              return which === 'own' || allows(p, 'progress-reports:write') ? 'ok' : 'forbidden';
            }
          : kind === 'vital-signs'
            ? changesOwnReadings
            : undefined,
      remove: kind === 'vital-signs' ? changesOwnReadings : undefined,
    }),
  };
  if (byPerson) {
    // One's own list, or anyone's for those who see the agency (an unknown person has none).
    result[`GET ${base}/${byPerson}/:id`] = route({
      targeted: true,
      decide: (p, which) => (which === 'own' || seesAgencyOrSupervisor(p) ? 'ok' : 'forbidden'),
      request: async ({ w, p, which }) => ({
        url: `${base}/${byPerson}/${personId(w, p, which, byPerson)}`,
      }),
    });
  }
  return result;
}

/**
 * The writes of a visit beyond the standard calls. Cancel and correction act on any visit in
 * scope (visits:plan, visits:correct); check-in and check-out only on the caller's own visit
 * (visits:check): another's in scope is 403.
 */
function visitRoutes(): Record<string, Rule> {
  const ownVisit = (p: Principal, which: Which): Verdict => {
    const scope = patientScope(p, which);
    if (scope !== 'ok') return scope;
    return which === 'own' && p.role === 'caregiver' ? 'ok' : 'forbidden';
  };
  return {
    'POST /api/visits/cancel/:id': route({
      targeted: true,
      mutates: true,
      decide: patientScope,
      request: async ({ w, p, which, fresh }) => ({
        url: `/api/visits/cancel/${(await w.record('visits', p, which, { fresh })).id}`,
        body: { reason: 'In hospital' },
      }),
    }),
    // Before the test clock's now; a check-in alone leaves the visit in progress.
    'PUT /api/visits/times/:id': route({
      targeted: true,
      mutates: true,
      decide: patientScope,
      request: async ({ w, p, which, fresh }) => ({
        url: `/api/visits/times/${(await w.record('visits', p, which, { fresh })).id}`,
        body: { checkInAt: '2026-01-01T09:00:00.000Z', reason: 'Checked in on paper' },
      }),
    }),
    'POST /api/visits/check-in/:id': route({
      targeted: true,
      mutates: true,
      decide: ownVisit,
      request: async ({ w, p, which }) => ({
        url: `/api/visits/check-in/${await w.checkableVisit(p, which, 'planned')}`,
        body: { location: { status: 'refused' } },
      }),
    }),
    'POST /api/visits/check-out/:id': route({
      targeted: true,
      mutates: true,
      decide: ownVisit,
      request: async ({ w, p, which }) => ({
        url: `/api/visits/check-out/${await w.checkableVisit(p, which, 'in-progress')}`,
        body: { location: { status: 'unavailable' }, tasks: [] },
      }),
    }),
  };
}

/** patients:read-all, whatever the role (a by-person list checks only that). */
const seesAgencyOrSupervisor = (p: Principal) => allows(p, 'patients:read-all');
