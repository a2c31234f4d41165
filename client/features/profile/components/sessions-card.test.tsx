import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionTexts } from '../../../../shared/messages.ts';
import type { AccountSession } from '../../../../shared/schemas/sessions.ts';
import { clearSessionData } from '../../../lib/auth.tsx';
import { json, meWith, renderSignedIn, stubApi } from '../../../test/vital-signs-kit.tsx';
import { SessionsCard } from './sessions-card.tsx';

const me = meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' });
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const laptop: AccountSession = {
  id: 11,
  current: true,
  device: 'Chrome on Windows',
  ip: '203.0.113.7',
  createdAt: minutesAgo(90),
  lastSeenAt: minutesAgo(0),
};
const phone: AccountSession = {
  id: 12,
  current: false,
  device: 'Safari on iPhone',
  ip: '198.51.100.4',
  createdAt: minutesAgo(300),
  lastSeenAt: minutesAgo(5),
};

afterEach(() => {
  cleanup();
  clearSessionData();
  vi.unstubAllGlobals();
});

describe('the profile’s "Where you’re signed in" card', () => {
  it('lists the sessions with this device marked and last seen relative and exact', async () => {
    stubApi(me, { 'GET /api/users/me/sessions': () => json(200, [laptop, phone]) });
    renderSignedIn(<SessionsCard />);
    const list = await screen.findByRole('list', { name: sessionTexts.title });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(sessionTexts.thisDevice);
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[1]).toHaveTextContent('Safari on iPhone');
    expect(rows[1]).toHaveTextContent('198.51.100.4');
    expect(rows[1]).toHaveTextContent(/Last seen 5 minutes ago \(.+\d{4}, .+\)/);
    expect(rows[1]).not.toHaveTextContent(sessionTexts.thisDevice);
    expect(screen.getByRole('button', { name: sessionTexts.endOthers })).toBeInTheDocument();
  });

  it('ends another session after confirmation and reads the list again', async () => {
    let sessions = [laptop, phone];
    const calls = stubApi(me, {
      'GET /api/users/me/sessions': () => json(200, sessions),
      'DELETE /api/users/me/sessions/12': () => {
        sessions = [laptop];
        return json(200, { message: sessionTexts.ended });
      },
    });
    renderSignedIn(<SessionsCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'End Safari on iPhone' }));
    const dialog = await screen.findByRole('dialog', { name: sessionTexts.endTitle });
    // Cancel first: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: sessionTexts.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'End Safari on iPhone' }));
    const again = await screen.findByRole('dialog', { name: sessionTexts.endTitle });
    fireEvent.click(within(again).getByRole('button', { name: sessionTexts.end }));
    expect(await screen.findByText(sessionTexts.onlyThisDevice)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/users/me/sessions/12',
    ]);
    expect(await screen.findByText(sessionTexts.ended)).toBeInTheDocument();
  });

  it('signs out everywhere else after confirmation and says how many ended', async () => {
    let sessions = [laptop, phone, { ...phone, id: 13, device: 'Firefox on Linux' }];
    const calls = stubApi(me, {
      'GET /api/users/me/sessions': () => json(200, sessions),
      'POST /api/users/me/sessions/end-others': () => {
        sessions = [laptop];
        return json(200, { ended: 2 });
      },
    });
    renderSignedIn(<SessionsCard />);
    fireEvent.click(await screen.findByRole('button', { name: sessionTexts.endOthers }));
    const dialog = await screen.findByRole('dialog', { name: sessionTexts.endOthersTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: sessionTexts.endOthers }));
    expect(await screen.findByText(sessionTexts.endedOthers(2))).toBeInTheDocument();
    expect(await screen.findByText(sessionTexts.onlyThisDevice)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/users/me/sessions/end-others')).toBe(true);
  });

  it('with only this device, says so and offers no end buttons', async () => {
    stubApi(me, { 'GET /api/users/me/sessions': () => json(200, [laptop]) });
    renderSignedIn(<SessionsCard />);
    expect(await screen.findByText(sessionTexts.onlyThisDevice)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: sessionTexts.endOthers })).toBeNull();
  });

  it('says when the list cannot be read, with a way to try again', async () => {
    stubApi(me, { 'GET /api/users/me/sessions': () => json(500, { message: 'Server error' }) });
    renderSignedIn(<SessionsCard />);
    expect(await screen.findByText(sessionTexts.errorLoading)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
