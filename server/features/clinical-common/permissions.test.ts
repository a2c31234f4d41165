import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Privilege } from '../../../shared/permissions.ts';
import type { Db } from '../../db/client.ts';
import {
  allergies,
  auditLog,
  conditions,
  doses,
  medicalRecords,
  medications,
  prescriptions,
  progressReports,
  carePlanTasks,
  visits,
  vitalSigns,
} from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import {
  clinicalFactories,
  validMedicalRecordInput,
  validMedicationInput,
  validPrescriptionInput,
  validProgressReportInput,
} from '../../test/clinical-factories.ts';
import { insertVitalSign, validVitalSignInput } from '../../test/vital-sign-factories.ts';
import { insertOpenPrnPrescription } from '../../test/dose-factories.ts';
import { insertCarePlanTasks, insertVisit, visitInput } from '../../test/visit-factories.ts';
import {
  insertAllergy,
  insertCondition,
  validAllergyInput,
  validConditionInput,
} from '../../test/chart-factories.ts';

/**
 * PRODUCT.md section 3, row by row, for the clinical record types (and vital signs): every role at viewer
 * and editor (and the legacy role `user`), every action, in scope and out of scope. Allowed
 * answers 2xx; refused answers 403 with nothing changed and one 'denied' audit row; a record
 * of a patient outside the caller's scope answers 404 exactly like a missing one.
 */

type ActorName =
  | 'doctor viewer'
  | 'doctor editor'
  | 'caregiver viewer'
  | 'caregiver editor'
  | 'patient viewer'
  | 'patient editor'
  | 'legacy user';
type Action = 'list' | 'list for patient' | 'read' | 'add' | 'edit' | 'delete';
type Kind =
  | 'medical records'
  | 'progress reports'
  | 'prescriptions'
  | 'medication records'
  | 'vital signs'
  | 'allergies'
  | 'conditions'
  | 'doses'
  | 'visits'
  | 'care plan tasks';

const actorSpecs: Record<ActorName, { role: string; privileges: Privilege }> = {
  'doctor viewer': { role: 'doctor', privileges: 'viewer' },
  'doctor editor': { role: 'doctor', privileges: 'editor' },
  'caregiver viewer': { role: 'caregiver', privileges: 'viewer' },
  'caregiver editor': { role: 'caregiver', privileges: 'editor' },
  'patient viewer': { role: 'patient', privileges: 'viewer' },
  'patient editor': { role: 'patient', privileges: 'editor' },
  'legacy user': { role: 'user', privileges: 'viewer' },
};
const actorNames = Object.keys(actorSpecs) as ActorName[];

const reads = new Set<ActorName>(actorNames);
const only = (...names: ActorName[]) => new Set<ActorName>(names);

/** The permission table of PRODUCT.md section 3 for these record types. */
const allowed: Record<Kind, Record<'read' | 'add' | 'edit' | 'delete', Set<ActorName>>> = {
  'medical records': {
    read: reads,
    add: only('doctor editor'),
    edit: only('doctor editor'),
    delete: only('doctor editor'),
  },
  'progress reports': {
    read: reads,
    add: only('caregiver editor'),
    // the caregiver's own report (see the separate test for someone else's)
    edit: only('doctor editor', 'caregiver editor'),
    delete: only('doctor editor'),
  },
  prescriptions: {
    read: reads,
    add: only('doctor editor'),
    edit: only('doctor editor'),
    delete: only('doctor editor'),
  },
  'medication records': {
    read: reads,
    add: only('doctor editor', 'caregiver editor'),
    edit: only('doctor editor'),
    delete: only('doctor editor'),
  },
  // Patients record their own home readings; the ones in these cases are a caregiver's.
  'vital signs': {
    read: reads,
    add: only(
      'doctor editor',
      'caregiver editor',
      'patient viewer',
      'patient editor',
      'legacy user',
    ),
    edit: only('doctor editor', 'caregiver editor'),
    delete: only('doctor editor', 'caregiver editor'),
  },
  // The chart's lists: read by everyone who sees the patient, kept by doctors.
  allergies: {
    read: reads,
    add: only('doctor editor'),
    edit: only('doctor editor'),
    delete: only('doctor editor'),
  },
  conditions: {
    read: reads,
    add: only('doctor editor'),
    edit: only('doctor editor'),
    delete: only('doctor editor'),
  },
  // Medication rounds: the care team's doctors and caregivers record, correct and delete.
  doses: {
    read: reads,
    add: only('doctor editor', 'caregiver editor'),
    edit: only('doctor editor', 'caregiver editor'),
    delete: only('doctor editor', 'caregiver editor'),
  },
  // Caregiver visits: everyone who sees the patient reads them; the care team's doctors plan.
  visits: {
    read: reads,
    add: only('doctor editor'),
    edit: only('doctor editor'),
    delete: only('doctor editor'),
  },
  'care plan tasks': {
    read: reads,
    add: only('doctor editor'),
    edit: only('doctor editor'),
    delete: only('doctor editor'),
  },
};

/**
 * Who may change only the records they entered themselves: someone else's in their scope
 * answers 403 (above), one out of their scope 404 like a missing one.
 */
const changesOwnOnly: Partial<Record<Kind, Set<ActorName>>> = {
  'vital signs': only('patient viewer', 'patient editor', 'legacy user'),
};
const mayAttempt = (kind: Kind, action: Action, actor: ActorName) =>
  allowed[kind][permissionOf(action)].has(actor) ||
  ((action === 'edit' || action === 'delete') && Boolean(changesOwnOnly[kind]?.has(actor)));

const kinds = Object.keys(allowed) as Kind[];
const actions: Action[] = ['list', 'list for patient', 'read', 'add', 'edit', 'delete'];
const successStatus: Record<Action, number> = {
  list: 200,
  'list for patient': 200,
  read: 200,
  add: 201,
  edit: 200,
  delete: 204,
};
const permissionOf = (action: Action) =>
  action === 'list' || action === 'list for patient' || action === 'read' ? 'read' : action;

describe('clinical records permission table (PRODUCT.md section 3)', () => {
  let t: TestApp;
  let db: Db;
  const actors = {} as Record<ActorName, TestUser>;
  const ownPatient = {} as Record<ActorName, number>;
  let outsider: number;
  /** The body each seeded dose was recorded with: an edit sends it back (the same dose). */
  const doseBodies = new Map<number, Record<string, unknown>>();
  const doseBodyOf = (patientId: number, prescriptionId: number) => ({
    patientId,
    prescriptionId,
    outcome: 'given',
    prnReason: 'Pain',
  });
  const prnPrescription = (patientId: number) =>
    insertOpenPrnPrescription(db, patientId, actors['doctor editor'].id);

  const spec = () => ({
    'medical records': {
      path: '/api/medical-records',
      table: medicalRecords,
      seed: (patientId: number) =>
        clinicalFactories.medicalRecord(db, patientId, actors['doctor editor'].id),
      body: (patientId: number) => validMedicalRecordInput(patientId, actors['doctor editor'].id),
    },
    'progress reports': {
      path: '/api/progress-reports',
      table: progressReports,
      seed: (patientId: number) =>
        clinicalFactories.progressReport(db, patientId, actors['caregiver editor'].id),
      body: (patientId: number) =>
        validProgressReportInput(patientId, actors['caregiver editor'].id),
    },
    prescriptions: {
      path: '/api/prescriptions',
      table: prescriptions,
      seed: (patientId: number) =>
        clinicalFactories.prescription(db, patientId, actors['doctor editor'].id),
      body: (patientId: number) => validPrescriptionInput(patientId, actors['doctor editor'].id),
    },
    'medication records': {
      path: '/api/medications',
      table: medications,
      seed: (patientId: number) =>
        clinicalFactories.medication(db, patientId, actors['caregiver editor'].id),
      body: (patientId: number) => validMedicationInput(patientId),
    },
    'vital signs': {
      path: '/api/vital-signs',
      table: vitalSigns,
      seed: (patientId: number) => insertVitalSign(db, patientId, actors['caregiver editor'].id),
      body: (patientId: number) => validVitalSignInput(patientId),
    },
    allergies: {
      path: '/api/allergies',
      table: allergies,
      seed: (patientId: number) => insertAllergy(db, patientId, actors['doctor editor'].id),
      body: (patientId: number) => validAllergyInput(patientId),
    },
    conditions: {
      path: '/api/conditions',
      table: conditions,
      seed: (patientId: number) => insertCondition(db, patientId, actors['doctor editor'].id),
      body: (patientId: number) => validConditionInput(patientId),
    },
    // A dose of an as-needed prescription of its own, so no case meets another's limits.
    doses: {
      path: '/api/doses',
      table: doses,
      seed: async (patientId: number) => {
        const prescriptionId = await prnPrescription(patientId);
        const now = t.clock.now();
        const [row] = await db
          .insert(doses)
          .values({
            patientId,
            prescriptionId,
            outcome: 'given',
            givenAt: now,
            doseTime: now,
            prnReason: 'Pain',
            recordedBy: actors['caregiver editor'].id,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: doses.id });
        doseBodies.set(row!.id, doseBodyOf(patientId, prescriptionId));
        return row!;
      },
      body: async (patientId: number, target?: { id: number } | null) =>
        target
          ? doseBodies.get(target.id)!
          : doseBodyOf(patientId, await prnPrescription(patientId)),
    },
    // Unassigned, so that no two visits of the cases meet on a caregiver's time.
    visits: {
      path: '/api/visits',
      table: visits,
      seed: async (patientId: number) => ({
        id: await insertVisit(db, {
          patientId,
          caregiverId: null,
          plannedStart: new Date('2026-03-02T09:00:00.000Z'),
          recordedBy: actors['doctor editor'].id,
        }),
      }),
      body: (patientId: number) => visitInput(patientId, null, '2026-03-02T09:00:00.000Z'),
    },
    'care plan tasks': {
      path: '/api/care-plan-tasks',
      table: carePlanTasks,
      seed: async (patientId: number) => ({
        id: (
          await insertCarePlanTasks(db, patientId, actors['doctor editor'].id, ['Prepare lunch'])
        )[0]!,
      }),
      body: (patientId: number) => ({ patientId, title: 'Help with shower' }),
    },
  });

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    for (const name of actorNames) actors[name] = await createUser(db, actorSpecs[name]);
    const staff = actorNames.filter((n) => !/patient|user/.test(n)).map((n) => actors[n]);
    for (const name of actorNames) {
      if (/patient|user/.test(name)) {
        ownPatient[name] = (await createPatient(db, { careTeam: staff, account: actors[name] })).id;
      }
    }
    const teamPatient = (await createPatient(db, { careTeam: staff })).id;
    for (const name of actorNames) ownPatient[name] ??= teamPatient;
    outsider = (await createPatient(db, { overrides: { firstName: 'Out', lastName: 'Sider' } })).id;
  });
  afterAll(() => t.close());

  async function liveCount(table: any) {
    const [row] = await db.select({ n: count() }).from(table).where(isNull(table.deletedAt));
    return row!.n;
  }
  async function snapshot(table: any, id: number): Promise<any> {
    const [row] = await db.select().from(table).where(eq(table.id, id));
    return row;
  }
  async function deniedCount(actor: TestUser) {
    const [row] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.userId, actor.id), eq(auditLog.action, 'denied')));
    return row!.n;
  }

  /** Performs one action on a record of the given patient; returns the answer and the target. */
  async function perform(kind: Kind, action: Action, actor: TestUser, patientId: number) {
    const s = spec()[kind];
    const target = action === 'add' || action === 'list' ? null : await s.seed(patientId);
    const id = target?.id;
    switch (action) {
      case 'list':
        return { target, res: await call(t.app, 'GET', s.path, { token: actor.token }) };
      case 'list for patient':
        return {
          target,
          res: await call(t.app, 'GET', `${s.path}/patient/${patientId}`, { token: actor.token }),
        };
      case 'read':
        return { target, res: await call(t.app, 'GET', `${s.path}/${id}`, { token: actor.token }) };
      case 'add':
        return {
          target,
          res: await call(t.app, 'POST', s.path, {
            token: actor.token,
            body: await s.body(patientId, null),
          }),
        };
      case 'edit':
        return {
          target,
          res: await call(t.app, 'PUT', `${s.path}/${id}`, {
            token: actor.token,
            body: {
              ...(await s.body(patientId, target)),
              details: 'changed',
              summary: 'changed',
              diagnosis: 'x',
            },
          }),
        };
      case 'delete':
        return {
          target,
          res: await call(t.app, 'DELETE', `${s.path}/${id}`, { token: actor.token }),
        };
    }
  }

  describe.each(kinds)('%s', (kind) => {
    const cases = actions.flatMap((action) =>
      actorNames.map((actor) => {
        const ok = allowed[kind][permissionOf(action)].has(actor);
        const verb = ok ? 'may' : 'may not (403, nothing changed)';
        return [
          `${actor} ${verb} ${action} ${kind} of their own patients`,
          action,
          actor,
          ok,
        ] as const;
      }),
    );

    it.each(cases)('%s', async (_title, action, name, ok) => {
      const s = spec()[kind];
      const actor = actors[name];
      const before = await liveCount(s.table);
      const deniedBefore = await deniedCount(actor);
      const { res, target } = await perform(kind, action, actor, ownPatient[name]);
      const seeded = target ? 1 : 0;
      if (ok) {
        expect(res.status, JSON.stringify(res.json)).toBe(successStatus[action]);
        if (action === 'add') expect(await liveCount(s.table)).toBe(before + 1);
        if (action === 'delete') expect(await liveCount(s.table)).toBe(before);
        if (action === 'read') expect(res.json.id).toBe(target!.id);
        if (action === 'list for patient' || action === 'list') {
          expect(res.headers['x-total-count']).toBeDefined();
          expect(res.json.every((r: any) => r.patientId !== outsider)).toBe(true);
        }
      } else {
        expect(res.status).toBe(403);
        expect(res.json).toEqual({ message: 'You are not allowed to do this' });
        expect(await liveCount(s.table)).toBe(before + seeded);
        if (target) {
          const after = await snapshot(s.table, target.id);
          expect(after.deletedAt).toBeNull();
          expect(after.createdAt).toEqual(after.updatedAt);
        }
        expect(await deniedCount(actor)).toBe(deniedBefore + 1);
      }
    });

    const outOfScope = actions
      .filter((a) => a !== 'list')
      .flatMap((action) =>
        actorNames.map((actor) => {
          const expected = mayAttempt(kind, action, actor) ? 404 : 403;
          return [
            `${actor}: ${action} ${kind} of a patient outside their scope answers ${expected}, nothing changed`,
            action,
            actor,
            expected,
          ] as const;
        }),
      );

    it.each(outOfScope)('%s', async (_title, action, name, expected) => {
      const s = spec()[kind];
      const before = await liveCount(s.table);
      const { res, target } = await perform(kind, action, actors[name], outsider);
      expect(res.status).toBe(expected);
      if (expected === 404) expect(res.json).toEqual({ message: 'Not found' });
      expect(await liveCount(s.table)).toBe(before + (target ? 1 : 0));
      if (target) {
        const after = await snapshot(s.table, target.id);
        expect(after.deletedAt).toBeNull();
        expect(after.createdAt).toEqual(after.updatedAt);
      }
    });

    it('a missing id answers 404 exactly like one out of scope', async () => {
      const s = spec()[kind];
      const res = await call(t.app, 'GET', `${s.path}/999999`, {
        token: actors['doctor editor'].token,
      });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: 'Not found' });
    });
  });

  it('a caregiver cannot edit a progress report another caregiver filed (403, unchanged)', async () => {
    const other = await createUser(db, { role: 'caregiver', privileges: 'editor' });
    const report = await clinicalFactories.progressReport(
      db,
      ownPatient['caregiver editor'],
      other.id,
    );
    const before = await snapshot(progressReports, report.id);
    const res = await call(t.app, 'PUT', `/api/progress-reports/${report.id}`, {
      token: actors['caregiver editor'].token,
      body: validProgressReportInput(ownPatient['caregiver editor'], other.id),
    });
    expect(res.status).toBe(403);
    expect(await snapshot(progressReports, report.id)).toEqual(before);
  });

  it('a caregiver may edit a report they filed for a colleague', async () => {
    const other = await createUser(db, { role: 'caregiver', privileges: 'editor' });
    const report = await clinicalFactories.progressReport(
      db,
      ownPatient['caregiver editor'],
      other.id,
      actors['caregiver editor'].id,
    );
    const res = await call(t.app, 'PUT', `/api/progress-reports/${report.id}`, {
      token: actors['caregiver editor'].token,
      body: {
        ...validProgressReportInput(ownPatient['caregiver editor'], other.id),
        summary: 'ok',
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.summary).toBe('ok');
  });

  it('a caregiver cannot delete even their own progress report', async () => {
    const report = await clinicalFactories.progressReport(
      db,
      ownPatient['caregiver editor'],
      actors['caregiver editor'].id,
    );
    const res = await call(t.app, 'DELETE', `/api/progress-reports/${report.id}`, {
      token: actors['caregiver editor'].token,
    });
    expect(res.status).toBe(403);
    expect((await snapshot(progressReports, report.id)).deletedAt).toBeNull();
  });

  it('supervisors see the records of every patient, not only their care team', async () => {
    const supervisor = await createUser(db, { role: 'doctor', privileges: 'supervisor' });
    const record = await clinicalFactories.medicalRecord(db, outsider, actors['doctor editor'].id);
    const res = await call(t.app, 'GET', `/api/medical-records/patient/${outsider}`, {
      token: supervisor.token,
    });
    expect(res.status).toBe(200);
    expect(res.json.map((r: any) => r.id)).toContain(record.id);
  });

  it('a patient never sees another patient’s records in the all-records call', async () => {
    const res = await call(t.app, 'GET', '/api/prescriptions', {
      token: actors['patient viewer'].token,
    });
    expect(res.status).toBe(200);
    expect(res.json.length).toBeGreaterThan(0);
    expect(new Set(res.json.map((r: any) => r.patientId))).toEqual(
      new Set([ownPatient['patient viewer']]),
    );
  });

  it('a signed-out caller gets 401 and nothing', async () => {
    for (const path of [
      '/api/medical-records',
      '/api/progress-reports',
      '/api/prescriptions',
      '/api/medications',
      '/api/vital-signs',
      '/api/allergies',
      '/api/conditions',
      '/api/doses',
      '/api/visits',
      '/api/care-plan-tasks',
    ]) {
      expect((await call(t.app, 'GET', path)).status).toBe(401);
    }
  });
});
