import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { doseTexts, scheduleTexts } from '../../../../shared/messages.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import type { Dose } from '../../../../shared/schemas/doses.ts';
import { clearSessionData } from '../../../lib/auth.tsx';
import { json, meWith, renderSignedIn, stubApi } from '../../../test/vital-signs-kit.tsx';
import { RecordViewDialog } from './record-view-dialog.tsx';

const units = { temperatureUnit: 'C', glucoseUnit: 'mmol/L' } as const;

const dose: Dose = {
  id: 5,
  patientId: 12,
  patientName: 'Helen Gardner',
  prescriptionId: 40,
  medication: 'Metformin',
  dosage: '500 mg',
  scheduledAt: '2025-03-03T08:00:00.000Z',
  outcome: 'not-given',
  givenAt: null,
  reason: 'asleep',
  prnReason: '',
  note: 'Fast asleep, will try at lunch',
  doseTime: '2025-03-03T08:00:00.000Z',
  recordedBy: 9,
  recordedByName: 'Cara Giver',
  createdAt: '2025-03-03T08:05:00.000Z',
  updatedAt: '2025-03-03T08:20:00.000Z',
  corrections: [
    {
      outcome: 'refused',
      givenAt: null,
      reason: null,
      prnReason: '',
      note: 'Pushed it away',
      recordedByName: 'Ben Helper',
      recordedAt: '2025-03-03T08:05:00.000Z',
      replacedByName: 'Cara Giver',
      replacedAt: '2025-03-03T08:20:00.000Z',
    },
  ],
};

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

describe('a recorded dose opened from the timeline', () => {
  it('shows its outcome, reason and who recorded it, with earlier versions struck through', async () => {
    stubApi(meWith(units, 'caregiver'), { 'GET /api/doses/5': () => json(200, dose) });
    renderSignedIn(
      <RecordViewDialog entry={{ type: 'dose', id: 5 }} patientId={12} onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Dose' });
    await within(dialog).findByText('Metformin 500 mg');
    const value = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(value(scheduleTexts.scheduledTime)).toHaveTextContent(formatDateTime(dose.scheduledAt!));
    expect(value(doseTexts.outcome)).toHaveTextContent(doseTexts.outcomeLabels['not-given']);
    expect(value(doseTexts.reason)).toHaveTextContent(doseTexts.reasonLabels.asleep);
    expect(value(doseTexts.note)).toHaveTextContent(dose.note);
    expect(value('Recorded by')).toHaveTextContent('Cara Giver');
    const earlier = value(doseTexts.history)!.querySelectorAll('del');
    expect([...earlier].map((e) => e.textContent)).toEqual([
      scheduleTexts.correctionLine(
        `${doseTexts.outcomeLabels.refused} — Pushed it away`,
        'Ben Helper',
        formatDateTime('2025-03-03T08:05:00.000Z'),
      ),
    ]);
    // Recorded and corrected from the medication round, never edited here; a caregiver on the
    // team may delete one recorded in error.
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('an as-needed dose says so, with its reason, and a reader without doses:record sees no Delete', async () => {
    const prn: Dose = {
      ...dose,
      scheduledAt: null,
      outcome: 'given',
      givenAt: '2025-03-03T14:10:00.000Z',
      reason: null,
      prnReason: 'Pain in left knee',
      note: '',
      corrections: [],
    };
    stubApi(meWith(units, 'patient'), { 'GET /api/doses/5': () => json(200, prn) });
    renderSignedIn(
      <RecordViewDialog entry={{ type: 'dose', id: 5 }} patientId={12} onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Dose' });
    await within(dialog).findByText('Metformin 500 mg');
    const value = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(value(scheduleTexts.scheduledTime)).toHaveTextContent(scheduleTexts.asNeededDose);
    expect(value(scheduleTexts.givenAt)).toHaveTextContent(formatDateTime(prn.givenAt!));
    expect(value(doseTexts.prnReason)).toHaveTextContent('Pain in left knee');
    expect(within(dialog).queryByText(doseTexts.history)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
