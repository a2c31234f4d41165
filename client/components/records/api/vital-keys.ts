import { type SeriesSpan } from '../../../../shared/constants.ts';
import { recordKey } from '../../../lib/query-keys.ts';

/**
 * Query keys of one patient's vital signs beyond the list: they start with the type's key, so
 * adding, changing or deleting a reading (which refreshes the type) refreshes the charts too.
 */
export const vitalKeys = {
  ranges: (patientId: number) => [...recordKey('vital-sign'), 'ranges', patientId] as const,
  series: (patientId: number, span: SeriesSpan) =>
    [...recordKey('vital-sign'), 'series', patientId, span] as const,
};
