import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, meWith } from '../test/vital-signs-kit.tsx';
import { useSyncExternalStore } from 'react';
import {
  clearSessionData,
  onSessionChange,
  SessionProvider,
  signedInUserId,
  useSession,
} from './auth.tsx';

// Isolated: the session is module state, and only a fresh module has not answered yet.

const me = meWith({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' }, 'caregiver');

/** What each render saw: the session as the screens get it, and the store beneath it. */
interface Seen {
  loading: boolean;
  user: number | null;
  store: number | null;
}

function Probe({ seen }: { seen: Seen[] }) {
  const { isLoading, user } = useSession();
  // Follows the store itself too, so it renders as soon as the store changes.
  const store = useSyncExternalStore(onSessionChange, signedInUserId);
  seen.push({ loading: isLoading, user: user?.id ?? null, store });
  return <p>{isLoading ? 'Loading' : `signed in as ${user?.id ?? 'nobody'}`}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SessionProvider', () => {
  it('draws the first answer in a deferred render, and applies a later change (sign-out) at once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(200, { user: me }))),
    );
    const seen: Seen[] = [];
    render(
      <SessionProvider>
        <Probe seen={seen} />
      </SessionProvider>,
    );
    expect(await screen.findByText('signed in as 7')).toBeInTheDocument();
    // A render in which the store already held the user, while the screens were still told
    // "loading": the one the answer's arrival started, drawn before the deferred one.
    expect(seen).toContainEqual({ loading: true, user: null, store: 7 });
    expect(seen.at(-1)).toEqual({ loading: false, user: 7, store: 7 });

    seen.length = 0;
    act(() => clearSessionData());
    expect(screen.getByText('signed in as nobody')).toBeInTheDocument();
    // Signed out: no render showed the user once the store had forgotten them.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((s) => s.user === null)).toBe(true);
  });
});
