import {
  appointmentSchema,
  type AppointmentListQuery,
} from '../../../shared/schemas/appointments.ts';
import type { RequestContext } from '../../auth/context.ts';
import { listCsv } from '../clinical-common/record-csv.ts';
import { listAppointments } from './appointments.service.ts';

/** GET /api/appointments.csv: the appointments list the caller sees, with its filters and order. */
export function exportAppointments(
  ctx: RequestContext,
  query: AppointmentListQuery,
  browserZone: string | undefined,
) {
  return listCsv(ctx, {
    entity: 'appointment',
    name: 'appointments',
    schema: appointmentSchema,
    browserZone,
    patientId: query.patientId ?? null,
    list: (reading, batch) => listAppointments(reading, { ...query, ...batch }),
  });
}
