import type { BenchPeople } from './scale.ts';
import type { Target, Tokens } from './targets.ts';

/**
 * The write endpoints of issue 23 beyond the appointment, the dose and the check-in (those stay
 * in targets.ts): a medical record, a caregiver's progress report, a prescription, a vital
 * reading and a check-out. Each is compared with the write floor (bench/floor.ts), and every
 * request sends a body the app accepts: no request repeats another's record.
 */

const farFuture = Date.now() + 400 * 24 * 3600_000;

/**
 * The n-th appointment POST /api/appointments books, and the write floor inserts: a distinct
 * future half hour per request (an appointment lasts 30 minutes), past the generated
 * appointments, so no request collides with another booking of the same doctor. A second doctor
 * (the writer) books them, so the bench doctor's lists stay the size the generator made them.
 * The floor and the app draw n from one sequence, so their appointments never overlap either.
 */
export function writtenAppointment(people: BenchPeople, n: number) {
  return {
    doctorUsername: people.writerUsername,
    patientId: people.writerPatientIds[n % people.writerPatientIds.length]!,
    appointmentDate: new Date(farFuture + n * 30 * 60_000).toISOString(),
    location: 'Clinic room 2',
  };
}

/** A moment in the recent past, different for each request (records may not be in the future). */
const recentPast = (n: number) =>
  new Date(Date.now() - 3600_000 - (n % 600) * 60_000).toISOString();

/** One of the writer's patients, in turn. */
const writerPatient = (people: BenchPeople, n: number) =>
  people.writerPatientIds[n % people.writerPatientIds.length]!;

/** A visit the check-out target checked in, with the ids of its tasks. */
interface CheckedIn {
  id: number;
  tasks: number[];
}

/** Visits checked in for the check-out target, and how many of them have been checked out. */
const checkOutPool: CheckedIn[] = [];
let checkOuts = 0;
/** The app the pool's visits were checked in on: a new scenario's app starts a new pool. */
let poolApp = '';

/** Visits checked in before the check-out target runs: enough for its warm-up and run. */
export const CHECK_OUT_POOL_PER_SECOND = 1_500;

/** The next checked-in visit to check out, in the order they were checked in. */
function nextCheckOut(): CheckedIn {
  if (checkOutPool.length === 0) throw new Error('no visit was checked in for the check-out');
  const visit = checkOutPool[checkOuts % checkOutPool.length]!;
  checkOuts += 1;
  return visit;
}

/** The body of a check-out: the position shared and every task of the visit done. */
export function checkOutBody(visit: CheckedIn) {
  return {
    location: { status: 'shared' as const, latitude: 52.41, longitude: -1.52, accuracy: 12 },
    tasks: visit.tasks.map((id) => ({ id, status: 'done' as const })),
    note: 'All tasks done; in good spirits.',
  };
}

/**
 * Checks in `count` fresh visits of the checker through the app (10 at a time), from the same
 * pool as the check-in target so no visit is checked in twice, and keeps each one's task ids
 * from the answer: check-out needs a checked-in visit per request and every task's outcome.
 */
export async function checkInForCheckOut(
  base: string,
  headers: Record<string, string>,
  count: number,
  checkInPath: () => string,
): Promise<number> {
  let failed = 0;
  const one = async () => {
    const res = await fetch(base + checkInPath(), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ location: { status: 'refused' } }),
    });
    if (!res.ok) {
      failed += 1;
      await res.arrayBuffer();
      return;
    }
    const visit = (await res.json()) as { id: number; tasks: { id: number }[] };
    checkOutPool.push({ id: visit.id, tasks: visit.tasks.map((t) => t.id) });
  };
  let started = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (started < count && failed < 20) {
        started += 1;
        await one();
      }
    }),
  );
  return checkOutPool.length;
}

/**
 * The write targets of this file; `checkInPath` is targets.ts's pool of fresh visits (passed
 * in, so this module needs nothing of targets.ts at load time).
 */
export function writeTargets(checkInPath: (people: BenchPeople) => string): Target[] {
  // The check-out's path and body must name the same visit: the path takes the next one and
  // the body, asked right after it by autocannon's setupRequest, the one the path named.
  let current: CheckedIn | null = null;
  return [
    {
      id: 'post-medical-record',
      label: 'POST /api/medical-records (doctor records a visit, JSON)',
      kind: 'write',
      floor: 'write',
      method: 'POST',
      route: '/api/medical-records',
      as: 'writer',
      path: () => '/api/medical-records',
      body: (p, n) => ({
        patientId: writerPatient(p, n),
        doctorId: p.writerId,
        dateOfVisit: recentPast(n),
        location: 'Home visit',
        diagnosis: `Routine review ${n}`,
        treatmentPlan: 'Continue current care; review in four weeks.',
        notes: 'Stable.',
      }),
    },
    {
      id: 'post-progress-report',
      label: 'POST /api/progress-reports (caregiver files a report, JSON)',
      kind: 'write',
      floor: 'write',
      method: 'POST',
      route: '/api/progress-reports',
      as: 'caregiver',
      path: () => '/api/progress-reports',
      body: (p, n) => ({
        patientId: p.patientId,
        caregiverId: p.caregiverId,
        date: recentPast(n),
        summary: `Visit ${n}: ate well, walked to the garden.`,
        recommendations: 'Keep encouraging fluids.',
        overallHealth: 'Stable',
      }),
    },
    {
      id: 'post-prescription',
      label: 'POST /api/prescriptions (doctor prescribes, no schedule, JSON)',
      kind: 'write',
      floor: 'write',
      method: 'POST',
      route: '/api/prescriptions',
      as: 'writer',
      path: () => '/api/prescriptions',
      body: (p, n) => ({
        patientId: writerPatient(p, n),
        date: recentPast(n).slice(0, 10),
        medication: 'Colecalciferol',
        dosage: '1,000 IU daily',
        duration: '3 months',
        details: `Vitamin D replacement (${n}).`,
      }),
    },
    {
      id: 'post-vital-sign',
      label: 'POST /api/vital-signs (doctor records a reading in range, JSON)',
      kind: 'write',
      floor: 'write',
      method: 'POST',
      route: '/api/vital-signs',
      as: 'writer',
      path: () => '/api/vital-signs',
      body: (p, n) => ({
        patientId: writerPatient(p, n),
        takenAt: recentPast(n),
        systolic: 124,
        diastolic: 78,
        pulse: 70 + (n % 10),
        spo2: 97,
      }),
    },
    {
      id: 'visit-check-out',
      label:
        'POST /api/visits/check-out/{id} (caregiver checks out of a checked-in visit, tasks done)',
      kind: 'write',
      floor: 'write',
      method: 'POST',
      route: '/api/visits/check-out/{}',
      as: 'checker',
      freshPath: true,
      path: () => {
        current = nextCheckOut();
        return `/api/visits/check-out/${current.id}`;
      },
      body: () => checkOutBody(current ?? nextCheckOut()),
      async before({ base, people, tokens, seconds }) {
        if (base !== poolApp) {
          checkOutPool.length = 0;
          checkOuts = 0;
          poolApp = base;
        }
        const wanted = CHECK_OUT_POOL_PER_SECOND * seconds;
        await checkInForCheckOut(
          base,
          { authorization: `Bearer ${(tokens as Tokens).checker}` },
          wanted - (checkOutPool.length - checkOuts),
          () => checkInPath(people),
        );
      },
    },
  ];
}
