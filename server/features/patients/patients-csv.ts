import type { z } from 'zod';
import { patientSchema, type patientListQuerySchema } from '../../../shared/schemas/patients.ts';
import type { RequestContext } from '../../auth/context.ts';
import { listCsv } from '../clinical-common/record-csv.ts';
import { listPatients } from './patients.service.ts';

/** GET /api/patients.csv: the patients list the caller sees, with its search and order. */
export function exportPatients(
  ctx: RequestContext,
  query: z.infer<typeof patientListQuerySchema>,
  browserZone: string | undefined,
) {
  return listCsv(ctx, {
    entity: 'patient',
    name: 'patients',
    schema: patientSchema,
    browserZone,
    list: (reading, batch) => listPatients(reading, { ...query, ...batch }),
  });
}
