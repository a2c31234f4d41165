import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { visitDayTexts, visitTexts } from '../../../shared/messages.ts';
import type { PatientVisits, VisitSummary } from '../../../shared/schemas/visits.ts';
import { clearSessionData } from '../../lib/auth.tsx';
import { json, meWith, renderSignedIn, stubApi } from '../../test/vital-signs-kit.tsx';
import { PatientVisitsCard } from './patient-visits-card.tsx';

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

const ahead = (days: number, hour: number) =>
  new Date(Date.now() + days * 86_400_000 + hour * 3_600_000).toISOString();

const summary = (over: Partial<VisitSummary>): VisitSummary => ({
  id: 1,
  patientId: 12,
  patientName: 'Helen Gardner',
  caregiverId: 7,
  caregiverName: 'Grace Kelford',
  seriesId: null,
  plannedStart: ahead(1, 0),
  plannedEnd: ahead(1, 1),
  localDate: '2030-03-04',
  startTime: '09:00',
  endTime: '10:00',
  serviceType: 'personal-care',
  status: 'planned',
  late: false,
  checkInAt: null,
  checkOutAt: null,
  cancelReason: null,
  taskCount: 2,
  tasksDone: 0,
  ...over,
});

const answer = (visits: VisitSummary[]): PatientVisits => ({
  from: '2030-03-03',
  to: '2030-03-17',
  timeZone: 'Europe/London',
  visits,
});

const patient = {
  ...meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' }, 'patient'),
  patientId: 12,
};

describe("the patient's upcoming visits", () => {
  it('says who is coming, when and for what, soonest first, with cancelled ones marked', async () => {
    const calls = stubApi(patient, {
      'GET /api/patients/12/visits': () =>
        json(
          200,
          answer([
            summary({
              id: 2,
              plannedStart: ahead(2, 0),
              plannedEnd: ahead(2, 1),
              localDate: '2030-03-05',
              startTime: '14:00',
              endTime: '15:00',
              caregiverId: null,
              caregiverName: '',
              serviceType: 'meal-preparation',
            }),
            summary({}),
            summary({
              id: 3,
              plannedStart: ahead(3, 0),
              plannedEnd: ahead(3, 1),
              localDate: '2030-03-06',
              status: 'cancelled',
              cancelReason: 'Caregiver ill',
            }),
            // Over already: not upcoming.
            summary({
              id: 4,
              plannedStart: ahead(-1, 0),
              plannedEnd: ahead(-1, 1),
              status: 'completed',
            }),
          ]),
        ),
    });
    renderSignedIn(<PatientVisitsCard patientId={12} />);
    const card = await screen.findByRole('region', { name: visitDayTexts.upcomingTitle });
    const items = await within(card).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Mon, Mar 04 · 09:00–10:00');
    expect(items[0]).toHaveTextContent(`${visitDayTexts.comingWho}: Grace Kelford`);
    expect(items[0]).toHaveTextContent(visitTexts.serviceTypeLabels['personal-care']);
    expect(items[1]).toHaveTextContent('Tue, Mar 05 · 14:00–15:00');
    expect(items[1]).toHaveTextContent(
      `${visitDayTexts.comingWho}: ${visitDayTexts.notAssignedYet}`,
    );
    expect(items[2]).toHaveTextContent(visitTexts.statusLabels.cancelled);
    expect(items[2]).toHaveTextContent(visitDayTexts.cancelledReason('Caregiver ill'));
    // No ids of people on the screen.
    expect(card).not.toHaveTextContent(/\b7\b/);
    expect(calls[0]?.path).toBe('/api/patients/12/visits');
  });

  it('says when nothing is planned, and when the visits cannot be read', async () => {
    stubApi(patient, { 'GET /api/patients/12/visits': () => json(200, answer([])) });
    renderSignedIn(<PatientVisitsCard patientId={12} />);
    expect(await screen.findByText(visitDayTexts.upcomingEmpty)).toBeVisible();
    cleanup();
    stubApi(patient, { 'GET /api/patients/12/visits': () => json(500, { message: 'Internal' }) });
    renderSignedIn(<PatientVisitsCard patientId={12} />);
    expect(await screen.findByText(visitDayTexts.upcomingError)).toBeVisible();
  });

  it('asks nothing for an account with no linked patient record', async () => {
    const calls = stubApi({ ...patient, patientId: null }, {});
    renderSignedIn(<PatientVisitsCard patientId={null} />);
    expect(await screen.findByText(visitDayTexts.upcomingEmpty)).toBeVisible();
    expect(calls).toEqual([]);
  });
});
