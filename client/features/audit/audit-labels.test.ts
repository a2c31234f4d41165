import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../shared/format.ts';
import { offlineWriteTexts } from '../../../shared/messages.ts';
import { detailsText } from './audit-labels.ts';

describe("the audit screen's details", () => {
  it('says a change sent from the offline queue was recorded offline, and when', () => {
    const recordedAt = '2026-01-15T09:05:00.000Z';
    expect(detailsText({ recordedOffline: true, recordedAt })).toBe(
      offlineWriteTexts.recordedOfflineAt(formatDateTime(recordedAt)),
    );
    expect(detailsText({ rows: 3, recordedOffline: true, recordedAt })).toBe(
      `${offlineWriteTexts.recordedOfflineAt(formatDateTime(recordedAt))}; rows: 3`,
    );
  });

  it('reads other details as before', () => {
    expect(detailsText({ rows: 42, month: '2026-03' })).toBe('rows: 42; month: 2026-03');
    expect(detailsText(null)).toBe('');
  });
});
