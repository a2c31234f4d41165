import { eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppointmentStatus } from '../../../shared/constants.ts';
import { appointments, auditLog } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';

/**
 * The appointment lists' orders and filters: one agency where many appointments tie on date,
 * patient, doctor and status, so every order must fall back on the same rule (the date, then
 * the id) and pages never repeat or skip a row.
 */

interface Person {
  id: number;
  first: string;
  last: string;
}

interface Booked {
  id: number;
  date: string;
  patient: Person;
  doctor: Person;
  status: AppointmentStatus;
}

type Column = 'date' | 'patient' | 'doctor' | 'status';

describe('appointment lists: sort and filters', () => {
  let t: TestApp;
  let supervisor: TestUser;
  let young: TestUser;
  let carer: TestUser;
  let annAccount: TestUser;
  const doctors: Record<string, Person> = {};
  const people: Record<string, Person> = {};
  const booked: Booked[] = [];

  const T1 = '2027-03-01T09:00:00.000Z';
  const T2 = '2027-03-02T09:00:00.000Z';
  const T3 = '2027-03-03T09:00:00.000Z';
  const T4 = '2027-03-04T09:00:00.000Z';

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-01-15T09:00:00.000Z');
    const db = t.database.db;
    supervisor = await createUser(db, { role: 'doctor', privileges: 'supervisor' });
    young = await createUser(db, { role: 'doctor', firstName: 'Hugo', secondName: 'Young' });
    const irisAdams = await createUser(db, {
      role: 'doctor',
      firstName: 'Iris',
      secondName: 'Adams',
    });
    const zedAdams = await createUser(db, {
      role: 'doctor',
      firstName: 'Zed',
      secondName: 'Adams',
    });
    carer = await createUser(db, { role: 'caregiver' });
    annAccount = await createUser(db, { role: 'patient', privileges: 'viewer' });
    doctors.young = { id: young.id, first: 'Hugo', last: 'Young' };
    doctors.iris = { id: irisAdams.id, first: 'Iris', last: 'Adams' };
    doctors.zed = { id: zedAdams.id, first: 'Zed', last: 'Adams' };

    const patient = async (
      key: string,
      first: string,
      last: string,
      careTeam: TestUser[],
      account?: TestUser,
    ) => {
      const row = await createPatient(db, {
        careTeam,
        account,
        overrides: { firstName: first, lastName: last },
      });
      people[key] = { id: row.id, first, last };
    };
    await patient('ann', 'Ann', 'Abbott', [young, irisAdams, carer], annAccount);
    await patient('bob', 'Bob', 'Baker', [young, zedAdams, carer]);
    await patient('bea', 'Bea', 'Baker', [young]);
    await patient('cal', 'Cal', 'Carter', [irisAdams]);
    // The same name as `bob`: the two patients' appointments must not interleave.
    await patient('twin', 'Bob', 'Baker', [young]);

    const plan: [string, string, string, AppointmentStatus][] = [
      ['ann', 'young', T2, 'scheduled'],
      ['ann', 'iris', T1, 'completed'],
      ['bob', 'young', T2, 'no-show'],
      ['bob', 'zed', T3, 'scheduled'],
      ['bea', 'young', T1, 'cancelled'],
      ['cal', 'iris', T2, 'scheduled'],
      ['twin', 'young', T4, 'completed'],
      ['ann', 'young', T3, 'scheduled'],
      ['bea', 'young', T2, 'completed'],
      ['twin', 'young', T1, 'no-show'],
      ['cal', 'iris', T4, 'cancelled'],
      ['bob', 'young', T1, 'scheduled'],
    ];
    for (const [patientKey, doctorKey, date, status] of plan) {
      const res = await call(t.app, 'POST', '/api/appointments', {
        token: supervisor.token,
        body: {
          patientId: people[patientKey]!.id,
          doctorId: doctors[doctorKey]!.id,
          appointmentDate: date,
          location: `Room ${booked.length + 1}`,
          confirmOverlap: true,
        },
      });
      expect(res.status).toBe(201);
      const id = res.json.id as number;
      if (status !== 'scheduled') {
        const cancelled = status === 'cancelled';
        await db
          .update(appointments)
          .set({
            status,
            cancelReason: cancelled ? 'Unwell' : null,
            cancelledAt: cancelled ? new Date('2027-02-01T09:00:00.000Z') : null,
          })
          .where(eq(appointments.id, id));
      }
      booked.push({
        id,
        date,
        patient: people[patientKey]!,
        doctor: doctors[doctorKey]!,
        status,
      });
    }
  });
  afterAll(() => t.close());

  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

  /** The order the lists promise, written out: the column, then the date, then the id. */
  function expectedOrder(rows: Booked[], column: Column, descending: boolean): number[] {
    const sign = descending ? -1 : 1;
    const keyOf = (row: Booked): (string | number)[] => {
      switch (column) {
        case 'date':
          return [row.date];
        case 'patient':
          return [row.patient.last, row.patient.first, row.patient.id];
        case 'doctor':
          return [row.doctor.last, row.doctor.first, row.doctor.id];
        case 'status':
          return [row.status];
      }
    };
    return [...rows]
      .sort((a, b) => {
        const [ka, kb] = [keyOf(a), keyOf(b)];
        for (let i = 0; i < ka.length; i++) {
          const c = compare(ka[i]!, kb[i]!);
          if (c !== 0) return sign * c;
        }
        // By date the id follows the date's direction; any other order ends soonest first.
        if (column === 'date') return sign * compare(a.id, b.id);
        return compare(a.date, b.date) || compare(a.id, b.id);
      })
      .map((row) => row.id);
  }

  const where = (test: (row: Booked) => boolean) => booked.filter(test);
  const inYoungsScope = (row: Booked) =>
    ['ann', 'bob', 'bea', 'twin'].some((key) => people[key]!.id === row.patient.id);

  async function list(user: TestUser, path: string) {
    const res = await call(t.app, 'GET', path, { token: user.token });
    expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBe(200);
    return {
      ids: (res.json as { id: number }[]).map((a) => a.id),
      total: Number(res.headers['x-total-count']),
    };
  }

  /** Every page of `size` rows in turn, joined. */
  async function pageByPage(user: TestUser, path: string, size: number) {
    const ids: number[] = [];
    for (let offset = 0; offset < booked.length + size; offset += size) {
      const glue = path.includes('?') ? '&' : '?';
      ids.push(...(await list(user, `${path}${glue}limit=${size}&offset=${offset}`)).ids);
    }
    return ids;
  }

  describe('orders', () => {
    const columns: Column[] = ['date', 'patient', 'doctor', 'status'];

    for (const column of columns) {
      for (const descending of [false, true]) {
        const sort = `${descending ? '-' : ''}${column}`;
        it(`sort=${sort}: the column, then the date, then the id; pages neither repeat nor skip`, async () => {
          const expected = expectedOrder(booked, column, descending);
          const all = await list(supervisor, `/api/appointments?sort=${sort}&limit=500`);
          expect(all.ids).toEqual(expected);
          expect(all.total).toBe(booked.length);
          // Pages of 5 and of 3 cut through the ties at different places.
          expect(await pageByPage(supervisor, `/api/appointments?sort=${sort}`, 5)).toEqual(
            expected,
          );
          expect(await pageByPage(supervisor, `/api/appointments?sort=${sort}`, 3)).toEqual(
            expected,
          );
        });
      }
    }

    it('two patients of the same name keep their appointments apart', async () => {
      const { ids } = await list(young, '/api/appointments?sort=patient&limit=500');
      const bakers = ids
        .map((id) => booked.find((row) => row.id === id)!)
        .filter((row) => row.patient.last === 'Baker' && row.patient.first === 'Bob')
        .map((row) => row.patient.id);
      const [first, second] = [Math.min(...bakers), Math.max(...bakers)];
      expect(bakers).toEqual([
        ...bakers.filter((id) => id === first),
        ...bakers.filter((id) => id === second),
      ]);
    });

    it("a doctor's order covers exactly their scope, and the doctor's own list sorts too", async () => {
      const mine = where(inYoungsScope);
      const scoped = await list(young, '/api/appointments?sort=-patient&limit=500');
      expect(scoped.ids).toEqual(expectedOrder(mine, 'patient', true));
      expect(await pageByPage(young, '/api/appointments?sort=-patient', 4)).toEqual(scoped.ids);

      const diary = where((row) => row.doctor.id === young.id && inYoungsScope(row));
      for (const sort of ['status', '-status', 'patient', '-date']) {
        const column = sort.replace('-', '') as Column;
        const expected = expectedOrder(diary, column, sort.startsWith('-'));
        const path = `/api/appointments/doctor/${young.id}?sort=${sort}`;
        expect((await list(young, `${path}&limit=500`)).ids, sort).toEqual(expected);
        expect(await pageByPage(young, path, 2), sort).toEqual(expected);
        // A full first page is counted (row by row on the doctor's index): the diary's rows only.
        expect((await list(young, `${path}&limit=2`)).total, sort).toBe(expected.length);
      }

      const bobs = where((row) => row.patient.id === people.bob!.id);
      const path = `/api/appointments/patient/${people.bob!.id}?sort=-doctor`;
      expect((await list(young, path)).ids).toEqual(expectedOrder(bobs, 'doctor', true));
      expect(await pageByPage(young, path, 1)).toEqual(expectedOrder(bobs, 'doctor', true));
    });

    it('without sort the lists keep their old order: by date, `order` choosing the direction', async () => {
      const ascending = expectedOrder(booked, 'date', false);
      expect((await list(supervisor, '/api/appointments?limit=500')).ids).toEqual(ascending);
      expect((await list(supervisor, '/api/appointments?order=asc')).ids).toEqual(ascending);
      expect((await list(supervisor, '/api/appointments?order=desc')).ids).toEqual(
        [...ascending].reverse(),
      );
      expect(await pageByPage(supervisor, '/api/appointments?order=desc', 5)).toEqual(
        [...ascending].reverse(),
      );
      // A sort, when given, wins over `order`.
      expect((await list(supervisor, '/api/appointments?order=desc&sort=patient')).ids).toEqual(
        expectedOrder(booked, 'patient', false),
      );
    });
  });

  describe('filters', () => {
    it('by patient, doctor, status and date range, each alone', async () => {
      const cases: [string, (row: Booked) => boolean][] = [
        [`patientId=${people.ann!.id}`, (row) => row.patient.id === people.ann!.id],
        [`doctorId=${doctors.iris!.id}`, (row) => row.doctor.id === doctors.iris!.id],
        ['status=scheduled', (row) => row.status === 'scheduled'],
        ['status=no-show', (row) => row.status === 'no-show'],
        ['status=cancelled', (row) => row.status === 'cancelled'],
        [`from=${T2}&to=${T4}`, (row) => row.date >= T2 && row.date < T4],
      ];
      for (const [query, test] of cases) {
        const expected = expectedOrder(where(test), 'date', false);
        expect(expected.length, query).toBeGreaterThan(0);
        const res = await list(supervisor, `/api/appointments?${query}`);
        expect(res.ids, query).toEqual(expected);
        expect(res.total, query).toBe(expected.length);
      }
    });

    it('together, with an order, on every list', async () => {
      const test = (row: Booked) =>
        row.doctor.id === young.id && row.status !== 'cancelled' && row.date >= T1 && row.date < T3;
      const query = `doctorId=${young.id}&from=${T1}&to=${T3}&sort=-patient`;
      const scheduledOrDone = where(test);
      for (const status of ['scheduled', 'completed', 'no-show'] as const) {
        const expected = expectedOrder(
          scheduledOrDone.filter((row) => row.status === status),
          'patient',
          true,
        );
        const res = await list(supervisor, `/api/appointments?${query}&status=${status}`);
        expect(res.ids, status).toEqual(expected);
      }
      const bobsNoShows = where(
        (row) => row.patient.id === people.bob!.id && row.status === 'no-show',
      );
      expect(bobsNoShows).toHaveLength(1);
      expect(
        (
          await list(
            young,
            `/api/appointments/doctor/${young.id}?patientId=${people.bob!.id}&status=no-show`,
          )
        ).ids,
      ).toEqual(bobsNoShows.map((row) => row.id));
      const bobsWithZed = where(
        (row) => row.patient.id === people.bob!.id && row.doctor.id === doctors.zed!.id,
      );
      expect(bobsWithZed).toHaveLength(1);
      expect(
        (
          await list(
            supervisor,
            `/api/appointments/patient/${people.bob!.id}?doctorId=${doctors.zed!.id}&status=scheduled&sort=-date`,
          )
        ).ids,
      ).toEqual(bobsWithZed.map((row) => row.id));
    });

    it('the path wins over a filter of the same name', async () => {
      const diary = await list(
        supervisor,
        `/api/appointments/doctor/${young.id}?doctorId=${doctors.iris!.id}`,
      );
      expect(diary.ids).toEqual(
        expectedOrder(
          where((row) => row.doctor.id === young.id),
          'date',
          false,
        ),
      );
      const chart = await list(
        supervisor,
        `/api/appointments/patient/${people.bea!.id}?patientId=${people.ann!.id}`,
      );
      expect(chart.ids).toEqual(
        expectedOrder(
          where((row) => row.patient.id === people.bea!.id),
          'date',
          false,
        ),
      );
    });

    it('an empty page of a filtered list in scope is an empty list, not a 404', async () => {
      const res = await list(
        young,
        `/api/appointments/patient/${people.bea!.id}?status=no-show&from=${T1}`,
      );
      expect(res).toEqual({ ids: [], total: 0 });
    });
  });

  describe('a filter never widens the scope', () => {
    it("a doctor filtering on a patient outside their care team gets nothing; on another doctor, only their own patients' appointments", async () => {
      expect(await list(young, `/api/appointments?patientId=${people.cal!.id}`)).toEqual({
        ids: [],
        total: 0,
      });
      expect((await list(young, `/api/appointments?doctorId=${doctors.iris!.id}`)).ids).toEqual(
        where((row) => row.doctor.id === doctors.iris!.id && inYoungsScope(row)).map(
          (row) => row.id,
        ),
      );
      const outside = await call(
        t.app,
        'GET',
        `/api/appointments/patient/${people.cal!.id}?status=scheduled&sort=patient`,
        { token: young.token },
      );
      expect(outside.status).toBe(404);
      const diary = await call(
        t.app,
        'GET',
        `/api/appointments/doctor/${doctors.iris!.id}?patientId=${people.ann!.id}`,
        { token: young.token },
      );
      expect(diary.status).toBe(404);
    });

    it("a caregiver's filter on a doctor stays within the caregiver's patients", async () => {
      const carers = (row: Booked) =>
        row.patient.id === people.ann!.id || row.patient.id === people.bob!.id;
      expect(
        (await list(carer, `/api/appointments?doctorId=${young.id}&sort=patient`)).ids,
      ).toEqual(
        expectedOrder(
          where((row) => row.doctor.id === young.id && carers(row)),
          'patient',
          false,
        ),
      );
      expect(await list(carer, `/api/appointments?patientId=${people.twin!.id}`)).toEqual({
        ids: [],
        total: 0,
      });
    });

    it("a patient's filter cannot reach another patient", async () => {
      expect(await list(annAccount, `/api/appointments?patientId=${people.bob!.id}`)).toEqual({
        ids: [],
        total: 0,
      });
      expect((await list(annAccount, `/api/appointments?doctorId=${young.id}`)).ids).toEqual(
        where((row) => row.patient.id === people.ann!.id && row.doctor.id === young.id).map(
          (row) => row.id,
        ),
      );
      expect((await list(annAccount, '/api/appointments?sort=-doctor&limit=500')).ids).toEqual(
        expectedOrder(
          where((row) => row.patient.id === people.ann!.id),
          'doctor',
          true,
        ),
      );
      const other = await call(
        t.app,
        'GET',
        `/api/appointments/patient/${people.bob!.id}?doctorId=${young.id}`,
        { token: annAccount.token },
      );
      expect(other.status).toBe(404);
    });

    it('the log names the filtered patient only when their appointments were shown', async () => {
      const mark = await auditMark();
      await list(young, `/api/appointments?patientId=${people.ann!.id}`);
      await list(young, `/api/appointments?patientId=${people.cal!.id}`);
      const rows = await auditSince(mark);
      expect(rows.map((r) => [r.action, r.entity, r.patientId, r.outcome])).toEqual([
        ['list', 'appointment', people.ann!.id, 'success'],
        ['list', 'appointment', null, 'success'],
      ]);
    });
  });

  describe('bad values', () => {
    const sortMessage =
      'The sort must be one of: date, -date, patient, -patient, doctor, -doctor, status, -status.';
    const statusMessage = 'The status must be one of: scheduled, completed, no-show, cancelled.';
    const cases: [string, string, string][] = [
      ['sort=name', 'sort', sortMessage],
      ['sort=-id', 'sort', sortMessage],
      ['sort=date%3Bdrop', 'sort', sortMessage],
      ['sort=', 'sort', sortMessage],
      ['status=done', 'status', statusMessage],
      ['status=Scheduled', 'status', statusMessage],
      ['patientId=abc', 'patientId', 'The patient id must be a whole number.'],
      ['patientId=0', 'patientId', 'The patient id must be a whole number.'],
      ['patientId=1e3', 'patientId', 'The patient id must be a whole number.'],
      ['doctorId=-4', 'doctorId', 'The doctor id must be a whole number.'],
      ['doctorId=99999999999', 'doctorId', 'The doctor id must be a whole number.'],
      ['order=up', 'order', 'The order must be one of: asc, desc.'],
      [
        'from=yesterday',
        'from',
        "The 'from' time must be a date and time such as 2026-03-01T10:00:00Z.",
      ],
      [
        'to=2027-02-30',
        'to',
        "The 'to' time must be a date and time such as 2026-03-01T10:00:00Z.",
      ],
    ];

    it('answer 400 with a sentence naming the field and what is allowed, on every list, and log nothing', async () => {
      const paths = [
        '/api/appointments',
        `/api/appointments/doctor/${young.id}`,
        `/api/appointments/patient/${people.ann!.id}`,
      ];
      const mark = await auditMark();
      for (const path of paths) {
        for (const [query, field, message] of cases) {
          // The path already names its doctor or patient: that filter is not read there.
          if (path.includes('/doctor/') && field === 'doctorId') continue;
          if (path.includes('/patient/') && field === 'patientId') continue;
          const res = await call(t.app, 'GET', `${path}?${query}`, { token: young.token });
          expect(res.status, `${path}?${query}`).toBe(400);
          expect(res.json.message, `${path}?${query}`).toBe(message);
          expect(res.json.errors[field], `${path}?${query}`).toBe(message);
        }
      }
      expect(await auditSince(mark)).toEqual([]);
    });
  });

  async function auditMark(): Promise<number> {
    const [row] = await t.database.db
      .select({ max: sql<number | null>`max(${auditLog.id})` })
      .from(auditLog);
    return Number(row?.max ?? 0);
  }

  function auditSince(mark: number) {
    return t.database.db.select().from(auditLog).where(gt(auditLog.id, mark)).orderBy(auditLog.id);
  }
});
