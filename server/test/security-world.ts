import { randomBytes } from 'node:crypto';
import type { EffectiveRole, Privilege } from '../../shared/permissions.ts';
import { privileges } from '../../shared/permissions.ts';
import {
  validMedicalRecordInput,
  validMedicationInput,
  validPrescriptionInput,
  validProgressReportInput,
} from './clinical-factories.ts';
import { validVitalSignInput } from './vital-sign-factories.ts';
import { validAllergyInput, validConditionInput } from './chart-factories.ts';
import { insertOpenPrnPrescription } from './dose-factories.ts';
import { insertVisit, visitInput } from './visit-factories.ts';
import { call, type TestApp } from './app.ts';
import {
  createDeletedPatient,
  createNotification,
  createPatient,
  createUser,
  type TestUser,
} from './factories.ts';

/**
 * The people of the security suites and the records they own or do not, built once per test
 * file through the factories and the HTTP API. Records are made by two "maker" accounts (a
 * doctor and a caregiver with admin privileges, on every care team), so every principal's
 * records exist whatever that principal may do.
 */

export type RoleKind = 'doctor' | 'caregiver' | 'patient' | 'coordinator' | 'guest' | 'anonymous';
/** own: in the caller's scope; other: exists, outside it (unless the caller sees the agency); missing: no such id. */
export type Which = 'own' | 'other' | 'missing';

/** An id no fixture reaches: far beyond any row a test file creates, yet a valid id. */
export const MISSING_ID = 987_654_321;

export interface Principal {
  key: string;
  role: RoleKind;
  privileges: Privilege;
  /** What `can` reads: null for an anonymous caller. */
  session: { role: EffectiveRole; privileges: Privilege } | null;
  user: TestUser | null;
  /** The patient in this principal's scope (care team member, or the linked account). */
  ownPatientId: number;
}

/** Guests are accounts whose stored role is none of the known ones. */
const GUEST_STORED_ROLE = 'visitor';

export const clinicalKinds = [
  'medical-records',
  'progress-reports',
  'prescriptions',
  'medications',
  'vital-signs',
  'allergies',
  'conditions',
  'doses',
  'visits',
  'care-plan-tasks',
] as const;
export type ClinicalKind = (typeof clinicalKinds)[number];
export type RecordKind = ClinicalKind | 'appointments';

/** An appointment date after the test clock's "now", so a patient may still cancel it. */
export const FUTURE_APPOINTMENT = '2026-06-01T10:00:00.000Z';

export interface MadeRecord {
  id: number;
  patientId: number;
  /** The valid body it was created with: a PUT sends it back unchanged. */
  body: Record<string, unknown>;
}

export class SecurityWorld {
  readonly t: TestApp;
  makerDoctor!: TestUser;
  makerCaregiver!: TestUser;
  /** A doctor on no care team: the one added by care-team calls. */
  spareDoctor!: TestUser;
  /** Accounts an admin changes, and whose profile is "another user's". */
  targetUsers!: { own: TestUser; other: TestUser };
  otherPatientId!: number;
  principals: Principal[] = [];
  readonly #memo = new Map<string, Promise<unknown>>();

  constructor(t: TestApp) {
    this.t = t;
  }

  get db() {
    return this.t.app.db;
  }

  async setup(
    options: { roles?: RoleKind[]; privileges?: readonly Privilege[] } = {},
  ): Promise<this> {
    const db = this.db;
    this.makerDoctor = await createUser(db, { role: 'doctor', privileges: 'admin' });
    this.makerCaregiver = await createUser(db, { role: 'caregiver', privileges: 'admin' });
    this.spareDoctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
    this.targetUsers = {
      own: await createUser(db, { role: 'caregiver', privileges: 'viewer' }),
      other: await createUser(db, { role: 'doctor', privileges: 'viewer' }),
    };
    const outsider = await createUser(db, { role: 'doctor', privileges: 'editor' });
    this.otherPatientId = (
      await createPatient(db, {
        careTeam: [outsider, this.makerDoctor, this.makerCaregiver],
        overrides: { firstName: 'Other', lastName: 'Patient' },
      })
    ).id;

    const roles = options.roles ?? [
      'doctor',
      'caregiver',
      'patient',
      'coordinator',
      'guest',
      'anonymous',
    ];
    for (const role of roles) {
      if (role === 'anonymous') {
        this.principals.push({
          key: 'anonymous',
          role,
          privileges: 'viewer',
          session: null,
          user: null,
          ownPatientId: this.otherPatientId,
        });
        continue;
      }
      for (const privilege of options.privileges ?? privileges) {
        const user = await createUser(db, {
          role: role === 'guest' ? GUEST_STORED_ROLE : role,
          privileges: privilege,
        });
        const ownPatientId = await this.newOwnPatient(role, user);
        this.principals.push({
          key: `${role}/${privilege}`,
          role,
          privileges: privilege,
          session: { role, privileges: privilege },
          user,
          ownPatientId,
        });
      }
    }
    return this;
  }

  /** A new live patient in the principal's scope: on its care team, or linked to its account. */
  async newOwnPatient(role: RoleKind, user: TestUser | null): Promise<number> {
    const makers = [this.makerDoctor, this.makerCaregiver];
    if (role === 'patient') {
      return (await createPatient(this.db, { account: user!, careTeam: makers })).id;
    }
    if (role === 'anonymous' || !user) return this.newOtherPatient();
    return (await createPatient(this.db, { careTeam: [user, ...makers] })).id;
  }

  /** A new live patient outside every principal's care team. */
  async newOtherPatient(): Promise<number> {
    return (await createPatient(this.db, { careTeam: [this.makerDoctor, this.makerCaregiver] })).id;
  }

  /** A new patient that is `which` for the principal, with the spare doctor on its care team. */
  async patientWithSpareMember(p: Principal, which: 'own' | 'other'): Promise<number> {
    const makers = [this.makerDoctor, this.makerCaregiver, this.spareDoctor];
    if (which === 'own' && p.role === 'patient') return p.ownPatientId;
    const team = which === 'own' && p.user ? [p.user, ...makers] : makers;
    return (await createPatient(this.db, { careTeam: team })).id;
  }

  /** The patient a principal's `which` record belongs to (a new one when `fresh`). */
  async patientFor(p: Principal, which: Which, fresh = false): Promise<number> {
    if (which === 'missing') return MISSING_ID;
    if (!fresh) return which === 'own' ? p.ownPatientId : this.otherPatientId;
    // A patient account has one live linked record: a fresh "own" one would be a second.
    if (which === 'own' && p.role === 'patient') return p.ownPatientId;
    return which === 'own' ? this.newOwnPatient(p.role, p.user) : this.newOtherPatient();
  }

  /** A valid body for creating a record of `kind` for a patient, written as `p` would. */
  recordBody(kind: RecordKind, patientId: number, p: Principal | null): Record<string, unknown> {
    const self = p?.user && p.role !== 'guest' ? p.user : null;
    // The author is the caller when it may be; otherwise a maker on the patient's care team.
    const doctorId = self && p!.role === 'doctor' ? self.id : this.makerDoctor.id;
    const caregiverId = self && p!.role === 'caregiver' ? self.id : this.makerCaregiver.id;
    switch (kind) {
      case 'appointments':
        // The maker is on every care team, as an appointment's doctor must be.
        return {
          patientId,
          doctorId: this.makerDoctor.id,
          appointmentDate: FUTURE_APPOINTMENT,
          location: 'Springfield Clinic, room 4',
          // The world books the same doctor at the same hour again and again, on purpose.
          confirmOverlap: true,
        };
      case 'medical-records':
        return validMedicalRecordInput(patientId, doctorId);
      case 'progress-reports':
        return validProgressReportInput(patientId, caregiverId);
      case 'prescriptions':
        return validPrescriptionInput(patientId, doctorId);
      case 'medications':
        return validMedicationInput(patientId);
      case 'vital-signs':
        return validVitalSignInput(patientId);
      // Latex: no prescription of the world matches it, so prescribing is never refused.
      case 'allergies':
        return { ...validAllergyInput(patientId), substance: 'Latex' };
      case 'conditions':
        return validConditionInput(patientId);
      // A dose names a prescription of its patient: bodyFor makes one. Without it (a missing
      // record's body), the prescription is missing too.
      case 'doses':
        return doseBodyFor(patientId, MISSING_ID);
      // Always the maker caregiver (on every care team), each visit at its own time so none
      // overlaps another of the maker's.
      case 'visits':
        return visitInput(patientId, this.makerCaregiver.id, nextVisitStart());
      case 'care-plan-tasks':
        return { patientId, title: 'Help with shower' };
    }
  }

  /**
   * A valid body for creating a record of `kind`, as recordBody; a dose gets an as-needed
   * prescription of its own (lenient limits, so every case may record and correct its dose).
   */
  async bodyFor(
    kind: RecordKind,
    patientId: number,
    p: Principal | null,
  ): Promise<Record<string, unknown>> {
    if (kind !== 'doses' || patientId === MISSING_ID) return this.recordBody(kind, patientId, p);
    return doseBodyFor(
      patientId,
      await insertOpenPrnPrescription(this.db, patientId, this.makerDoctor.id),
    );
  }

  /**
   * Creates a record through the API as a maker. Progress reports name the principal when it
   * is a caregiver, so that the report is that caregiver's own.
   */
  async makeRecord(
    kind: RecordKind,
    patientId: number,
    p: Principal | null,
    options: { deleted?: boolean } = {},
  ): Promise<MadeRecord> {
    const body = await this.bodyFor(kind, patientId, p);
    if (kind === 'appointments' || kind === 'prescriptions' || kind === 'medical-records') {
      body.doctorId = this.makerDoctor.id;
    }
    const maker = kind === 'progress-reports' ? this.makerCaregiver : this.makerDoctor;
    const created = await call(this.t.app, 'POST', `/api/${kind}`, { token: maker.token, body });
    if (created.status !== 201) {
      throw new Error(
        `fixture: POST /api/${kind} answered ${created.status} ${JSON.stringify(created.json)}`,
      );
    }
    const id = created.json.id as number;
    if (options.deleted) {
      const deleted = await call(this.t.app, 'DELETE', `/api/${kind}/${id}`, {
        token: this.makerDoctor.token,
      });
      if (deleted.status !== 204) {
        throw new Error(`fixture: DELETE /api/${kind}/${id} answered ${deleted.status}`);
      }
    }
    return { id, patientId, body };
  }

  /**
   * A record of `kind` that is `which` for the principal: shared between cases unless `fresh`
   * (a case that is expected to change or delete it).
   */
  async record(
    kind: RecordKind,
    p: Principal,
    which: Which,
    options: { fresh?: boolean; deleted?: boolean } = {},
  ): Promise<MadeRecord> {
    if (which === 'missing') {
      return {
        id: MISSING_ID,
        patientId: MISSING_ID,
        body: this.recordBody(kind, p.ownPatientId, p),
      };
    }
    const make = async () => {
      const patientId = await this.patientFor(p, which, options.fresh);
      return this.makeRecord(kind, patientId, which === 'own' ? p : null, options);
    };
    if (options.fresh) return make();
    return this.memo(
      `record:${kind}:${which === 'own' ? p.key : 'other'}:${options.deleted ? 'deleted' : 'live'}`,
      make,
    );
  }

  /**
   * A visit for check-in (planned, open now) or check-out (in progress, no tasks), inserted as
   * stored: own is the principal's own visit of its own patient; other, the maker caregiver's
   * visit of the other patient. Always new: checking in or out changes it.
   */
  async checkableVisit(
    p: Principal,
    which: Which,
    state: 'planned' | 'in-progress',
  ): Promise<number> {
    if (which === 'missing') return MISSING_ID;
    const now = this.t.clock.now();
    const own = which === 'own' && p.user !== null;
    return insertVisit(this.db, {
      patientId: own ? p.ownPatientId : this.otherPatientId,
      caregiverId: own ? p.user!.id : this.makerCaregiver.id,
      plannedStart: new Date(now.getTime() - 10 * 60_000),
      status: state,
      checkInAt: state === 'in-progress' ? new Date(now.getTime() - 5 * 60_000) : null,
      recordedBy: this.makerDoctor.id,
    });
  }

  /** A soft-deleted patient that is `which` for the principal. */
  async deletedPatient(p: Principal, which: Which): Promise<number> {
    if (which === 'missing') return MISSING_ID;
    const makers = [this.makerDoctor, this.makerCaregiver];
    if (which === 'other') return (await createDeletedPatient(this.db, { careTeam: makers })).id;
    if (p.role === 'patient') {
      return (await createDeletedPatient(this.db, { account: p.user!, careTeam: makers })).id;
    }
    const team = p.user ? [p.user, ...makers] : makers;
    return (await createDeletedPatient(this.db, { careTeam: team })).id;
  }

  /** A reminder of the principal (own) or of a maker (other). */
  async reminder(p: Principal, which: Which, fresh = false): Promise<number> {
    if (which === 'missing') return MISSING_ID;
    const owner = which === 'own' && p.user && p.role !== 'guest' ? p.user : this.makerDoctor;
    const make = async () => {
      const res = await call(this.t.app, 'POST', '/api/reminders', {
        token: owner.token,
        body: reminderBody(),
      });
      if (res.status !== 201) throw new Error(`fixture: POST /api/reminders ${res.status}`);
      return res.json.id as number;
    };
    return fresh ? make() : this.memo(`reminder:${owner.id}`, make);
  }

  /** A notification of the principal (own) or of a maker (other). */
  async notification(p: Principal, which: Which): Promise<number> {
    if (which === 'missing') return MISSING_ID;
    const owner = which === 'own' && p.user ? p.user : this.makerDoctor;
    return this.memo(
      `notification:${owner.id}`,
      async () => (await createNotification(this.db, owner)).id,
    );
  }

  /** A new active account with a patient role, not linked to any record. */
  async unlinkedPatientAccount(): Promise<TestUser> {
    return createUser(this.db, { role: 'patient', privileges: 'viewer' });
  }

  memo<T>(key: string, make: () => Promise<T>): Promise<T> {
    let found = this.#memo.get(key) as Promise<T> | undefined;
    if (!found) {
      found = make();
      this.#memo.set(key, found);
    }
    return found;
  }
}

let visitsMade = 0;
/** A start for the next visit of the world: two hours after the one before, from 2030. */
const nextVisitStart = (): string => {
  visitsMade += 1;
  return new Date(
    Date.parse('2030-01-01T00:00:00.000Z') + visitsMade * 2 * 3_600_000,
  ).toISOString();
};

/** An as-needed dose given now, for a pain. */
const doseBodyFor = (patientId: number, prescriptionId: number) => ({
  patientId,
  prescriptionId,
  outcome: 'given',
  prnReason: 'Pain',
});

export const reminderBody = () => ({
  message: 'Check the blood pressure log',
  date: '2026-02-01T08:00:00.000Z',
});

/** A password no other test uses and no list of common passwords holds. */
export const freshPassword = () => `Pw-${randomBytes(9).toString('base64url')}`;

/** The profile fields of an account as a valid PUT /api/users/username/:username body. */
export const profileBody = (user: TestUser) => ({
  firstName: 'Casey',
  secondName: 'Morgan',
  email: `${user.username}@example.test`,
  primaryLocation: 'Springfield',
  secondaryLocation: '',
  phoneNumber: '555-0199',
});
