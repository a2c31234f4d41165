import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { doseTexts, scheduleTexts } from '../../../../shared/messages.ts';
import { clearSessionData } from '../../../lib/auth.tsx';
import { json, meWith, renderSignedIn, stubApi } from '../../../test/vital-signs-kit.tsx';
import { MedicationRoundsCard } from './medication-rounds-card.tsx';

const doctor = meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' });

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

describe("the doctor's medication rounds card", () => {
  it('shows late and missed counts, red when there are any', async () => {
    stubApi(doctor, { 'GET /api/doses/summary': () => json(200, { late: 3, missed: 0 }) });
    renderSignedIn(<MedicationRoundsCard />);
    const late = await screen.findByLabelText(`${doseTexts.lateCount}: 3`);
    const missed = screen.getByLabelText(`${doseTexts.missedCount}: 0`);
    expect(late).toHaveTextContent('3');
    expect(missed).toHaveTextContent('0');
    expect(getComputedStyle(late).color).not.toBe(getComputedStyle(missed).color);
    expect(screen.getByRole('region', { name: doseTexts.lateAndMissedTitle })).toBeInTheDocument();
  });

  it('says when the counts cannot be read, with a way to try again', async () => {
    stubApi(doctor, { 'GET /api/doses/summary': () => json(500, { message: 'Server error' }) });
    renderSignedIn(<MedicationRoundsCard />);
    expect(await screen.findByText(scheduleTexts.errorFetchingSummary)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
