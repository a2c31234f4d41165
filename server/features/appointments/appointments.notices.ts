import { AT_PLACEHOLDER } from '../../../shared/format.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { NewNotification } from '../notifications/notifications.service.ts';
import type { AppointmentRow } from './appointments.queries.ts';

/** What happened to an appointment, as its notices tell it. */
export type AppointmentChange = 'created' | 'moved' | 'cancelled';

/**
 * The notices an appointment change sends: to the patient's own account and to the doctor,
 * never to the person who made the change.
 */
export function noticesFor(
  change: AppointmentChange,
  row: AppointmentRow,
  actor: SessionUser,
): NewNotification[] {
  // The time is written when the notice is read, in the reader's zone ({at} and `at`).
  const at = `${AT_PLACEHOLDER} at ${row.location}`;
  const instant = new Date(row.appointmentDate);
  const patientName = `${row.patientFirstName} ${row.patientLastName}`.trim();
  const byPatient = actor.id === row.patientAccountUserId;
  const items: NewNotification[] = [];
  if (row.patientAccountUserId !== null && !byPatient) {
    const message = {
      created: `New appointment on ${at}`,
      moved: `Your appointment was moved to ${at}`,
      cancelled: `Your appointment on ${at} was cancelled`,
    }[change];
    items.push({
      userId: row.patientAccountUserId,
      message,
      kind: 'appointment',
      link: '/patient-appointments',
      at: instant,
    });
  }
  if (row.doctorId !== actor.id) {
    const message = byPatient
      ? {
          created: `${patientName} requested an appointment on ${at}`,
          moved: `${patientName} moved an appointment to ${at}`,
          cancelled: `${patientName} cancelled the appointment on ${at}`,
        }[change]
      : {
          created: `New appointment with ${patientName} on ${at}`,
          moved: `The appointment with ${patientName} was moved to ${at}`,
          cancelled: `The appointment with ${patientName} on ${at} was cancelled`,
        }[change];
    items.push({
      userId: row.doctorId,
      message,
      kind: 'appointment',
      link: '/appointments',
      at: instant,
    });
  }
  return items;
}

/**
 * The notices of an edit: to the old patient a move to another patient is a cancellation and
 * to the new one a new appointment; a new date, place or doctor is a move; anything else says
 * nothing.
 */
export function editNotices(
  before: AppointmentRow,
  after: AppointmentRow,
  actor: SessionUser,
): NewNotification[] {
  if (after.patientId !== before.patientId) {
    return [
      ...noticesFor('cancelled', before, actor).filter((n) => n.userId !== after.doctorId),
      ...noticesFor('created', after, actor),
    ];
  }
  if (
    after.appointmentDate !== before.appointmentDate ||
    after.location !== before.location ||
    after.doctorId !== before.doctorId
  ) {
    return noticesFor('moved', after, actor);
  }
  return [];
}
