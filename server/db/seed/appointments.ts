import type { PatientContext } from './agency.ts';
import { daysBefore, slot } from './calendar.ts';
import { locations } from './vocabulary.ts';

/**
 * Appointments over the past and the next month; a patient with an account may have asked for
 * an upcoming one, and is told of the first upcoming one.
 */
export function addAppointments(p: PatientContext): void {
  const { random, now, rows } = p.agency;
  const { patientId, doctor, account } = p;
  const since = (days: number) => daysBefore(now, days);
  const past = random.int(1, 2);
  const upcoming = random.int(1, 2);
  for (let a = 0; a < past + upcoming; a += 1) {
    const future = a >= past;
    const at = future
      ? slot(random, now, random.int(1, 30))
      : slot(random, now, -random.int(1, 30));
    const requested = future && account && random.chance(0.25);
    rows.bookings.push({
      doctorId: doctor.id,
      patientId,
      appointmentDate: at,
      location: random.pick(locations),
      requestedBy: requested ? account!.id : doctor.id,
      createdAt: since(random.int(1, 35)),
      updatedAt: since(random.int(0, 1)),
    });
    if (future && account && a === past) {
      rows.notices.push({
        userId: account.id,
        message: `Appointment with Dr. ${doctor.secondName} on ${at.toLocaleString('en-US', {
          month: 'short',
          day: '2-digit',
          year: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
        })}`,
        kind: 'appointment',
        link: '/patient-appointments',
        createdAt: since(random.int(0, 3)),
      });
    }
  }
}
