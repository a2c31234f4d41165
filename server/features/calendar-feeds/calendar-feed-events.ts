import { and, asc, between, eq, isNull } from 'drizzle-orm';
import { can } from '../../../shared/permissions.ts';
import { joinedPatientInScope, joinedPatientInScopeByRow } from '../../auth/scope.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { Executor } from '../../db/client.ts';
import { appointments, patients, users, visits } from '../../db/schema/index.ts';

/**
 * One event of a feed, already stripped to what may leave in a calendar: the feed never carries
 * notes, reasons, diagnoses, tasks or a patient's full name.
 */
export interface FeedEvent {
  uid: string;
  start: Date;
  end: Date;
  /** When the row last changed (DTSTAMP), so calendar apps see edits. */
  stamp: Date;
  cancelled: boolean;
  location: string;
  /** What the summary is built from (calendar-feeds.service.ts writes the words). */
  what:
    | { kind: 'appointment-as-doctor'; initials: string }
    | { kind: 'appointment-as-patient'; doctor: string }
    | { kind: 'visit-as-caregiver'; initials: string };
}

/** "Helen Gardner" -> "H.G.": a staff feed names a patient by initials only. */
export function initialsOf(firstName: string, lastName: string): string {
  return [firstName, lastName]
    .map((name) => name.trim().charAt(0).toLocaleUpperCase())
    .filter(Boolean)
    .map((letter) => `${letter}.`)
    .join('');
}

const MINUTE_MS = 60_000;

/**
 * At most this many events per source: 120 days of a very busy doctor or caregiver stay far
 * below it, and a feed stays a bounded answer whatever the data.
 */
export const MAX_EVENTS_PER_SOURCE = 2000;

/**
 * The caller's own events between `from` and `to` (by start): appointments they are the doctor
 * of, appointments of their own patient record, and visits assigned to them. One bounded
 * statement per source, each inside the caller's patient scope (a patient no longer in scope,
 * or deleted, leaves the feed) and gated by the permission table (a coordinator reads no
 * appointments: their feed is empty).
 */
export async function loadFeedEvents(
  db: Executor,
  user: SessionUser,
  from: Date,
  to: Date,
): Promise<FeedEvent[]> {
  const readsAppointments = can(user, 'appointments:read');
  const readsVisits = can(user, 'visits:read');
  const appointmentColumns = {
    id: appointments.id,
    at: appointments.appointmentDate,
    minutes: appointments.durationMinutes,
    location: appointments.location,
    status: appointments.status,
    updatedAt: appointments.updatedAt,
  };
  const liveAppointments = and(
    isNull(appointments.deletedAt),
    isNull(patients.deletedAt),
    between(appointments.appointmentDate, from, to),
  );

  const [asDoctor, asPatient, asCaregiver] = await Promise.all([
    readsAppointments
      ? db
          .select({
            ...appointmentColumns,
            firstName: patients.firstName,
            lastName: patients.lastName,
          })
          .from(appointments)
          .innerJoin(patients, eq(patients.id, appointments.patientId))
          .where(
            and(
              // appointments_doctor_idx: the doctor's window, each row's patient checked
              // against the care team by key (not a walk over every patient of the agency).
              eq(appointments.doctorId, user.id),
              liveAppointments,
              joinedPatientInScopeByRow(user, appointments.patientId),
            ),
          )
          .orderBy(asc(appointments.appointmentDate), asc(appointments.id))
          .limit(MAX_EVENTS_PER_SOURCE)
      : [],
    // Only a patient's account is linked to a patient record: for staff this source is empty,
    // and asking for it would read every appointment of the window to find none.
    readsAppointments && user.role === 'patient'
      ? db
          .select({
            ...appointmentColumns,
            doctorFirstName: users.firstName,
            doctorSecondName: users.secondName,
          })
          .from(appointments)
          .innerJoin(patients, eq(patients.id, appointments.patientId))
          .innerJoin(users, eq(users.id, appointments.doctorId))
          .where(
            and(eq(patients.accountUserId, user.id), liveAppointments, joinedPatientInScope(user)),
          )
          .orderBy(asc(appointments.appointmentDate), asc(appointments.id))
          .limit(MAX_EVENTS_PER_SOURCE)
      : [],
    readsVisits
      ? db
          .select({
            id: visits.id,
            start: visits.plannedStart,
            end: visits.plannedEnd,
            status: visits.status,
            updatedAt: visits.updatedAt,
            firstName: patients.firstName,
            lastName: patients.lastName,
            address: patients.address,
          })
          .from(visits)
          .innerJoin(patients, eq(patients.id, visits.patientId))
          .where(
            and(
              eq(visits.caregiverId, user.id),
              isNull(visits.deletedAt),
              isNull(patients.deletedAt),
              between(visits.plannedStart, from, to),
              // visits_caregiver_idx, then the care team by key as for appointments.
              joinedPatientInScopeByRow(user, visits.patientId),
            ),
          )
          .orderBy(asc(visits.plannedStart), asc(visits.id))
          .limit(MAX_EVENTS_PER_SOURCE)
      : [],
  ]);

  const events = new Map<string, FeedEvent>();
  const appointmentTimes = (row: { id: number; at: Date; minutes: number; updatedAt: Date }) => ({
    uid: `appointment-${row.id}@eldercare`,
    start: row.at,
    end: new Date(row.at.getTime() + row.minutes * MINUTE_MS),
    stamp: row.updatedAt,
  });
  for (const row of asDoctor) {
    events.set(`appointment-${row.id}`, {
      ...appointmentTimes(row),
      cancelled: row.status === 'cancelled',
      location: row.location,
      what: { kind: 'appointment-as-doctor', initials: initialsOf(row.firstName, row.lastName) },
    });
  }
  for (const row of asPatient) {
    // A doctor who is also the patient sees the appointment once, in the doctor's words.
    if (events.has(`appointment-${row.id}`)) continue;
    events.set(`appointment-${row.id}`, {
      ...appointmentTimes(row),
      cancelled: row.status === 'cancelled',
      location: row.location,
      what: {
        kind: 'appointment-as-patient',
        doctor: [row.doctorFirstName, row.doctorSecondName].filter(Boolean).join(' '),
      },
    });
  }
  for (const row of asCaregiver) {
    events.set(`visit-${row.id}`, {
      uid: `visit-${row.id}@eldercare`,
      start: row.start,
      end: row.end,
      stamp: row.updatedAt,
      cancelled: row.status === 'cancelled',
      location: row.address,
      what: { kind: 'visit-as-caregiver', initials: initialsOf(row.firstName, row.lastName) },
    });
  }
  return [...events.values()].sort(
    (a, b) => a.start.getTime() - b.start.getTime() || a.uid.localeCompare(b.uid),
  );
}
