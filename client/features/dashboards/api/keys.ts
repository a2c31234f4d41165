import type { RecordType } from '../../../../shared/record-types.ts';
import { recordKey } from '../../../lib/query-keys.ts';

/** Query keys of the patient's dashboard: under each type's root, so a change there refreshes it. */
export const dashboardKeys = {
  patientList: (type: RecordType, path: string | null, query: Record<string, string | number>) =>
    [...recordKey(type), 'patient-dashboard', path, query] as const,
};
