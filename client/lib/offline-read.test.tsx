import 'fake-indexeddb/auto';
import {
  dehydrate,
  onlineManager,
  QueryClient,
  QueryClientProvider,
  useQuery,
  type QueryClientConfig,
} from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDisplayTimeZone } from '../../shared/format.ts';
import { offlineReadTexts } from '../../shared/messages.ts';
import type { Me } from '../../shared/schemas/users.ts';
import { DataAge, dataAgeText } from '../components/data-age.tsx';
import { LoadingState } from '../components/list-states.tsx';
import { ApiError, setSessionEndedHandler } from './api.ts';
import { clearSessionData, SessionProvider, useSession } from './auth.tsx';
import { resetConnection } from './connection.ts';
import { keepSession, readCachePersister, readKeptSession } from './offline-cache.ts';
import { readCacheOptions } from './query-client.ts';
import { ReadCacheProvider } from './read-cache-provider.tsx';
import { showSavedWhileOffline } from './use-paged-list.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const person = (id: number, username: string): Me => ({
  id,
  username,
  firstName: 'Grace',
  secondName: 'Kelford',
  role: 'caregiver',
  privileges: 'editor',
  requestedPrivileges: null,
  patientId: null,
  settings: {
    darkMode: false,
    fontSize: 16,
    notificationsEnabled: true,
    temperatureUnit: 'C',
    glucoseUnit: 'mmol/L',
  },
});
const grace = person(41, 'grace.kelford');
const tom = person(42, 'tom.other');

/** How GET /api/session answers: a user, a guest, a 401, or no network at all. */
let sessionAnswer: Me | null | 401 | 'network' = null;
let online = true;

beforeEach(() => {
  sessionAnswer = null;
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/session') {
        if (sessionAnswer === 'network') throw new TypeError('Failed to fetch');
        if (sessionAnswer === 401) return json(401, { message: 'Not signed in' });
        return json(200, { user: sessionAnswer });
      }
      if (url === '/api/users/logout') return json(204, null);
      if (url === '/api/health') throw new TypeError('Failed to fetch');
      return json(404, { message: 'Not found' });
    }),
  );
  // As the app's router does: a 401 from the server clears everything.
  setSessionEndedHandler(clearSessionData);
});

afterEach(async () => {
  cleanup();
  setSessionEndedHandler(undefined);
  clearSessionData();
  await settle();
  resetConnection();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Lets the device store finish what was asked of it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

function renderSession() {
  return renderHook(useSession, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <SessionProvider>{children}</SessionProvider>
    ),
  }).result;
}

/** A fresh start of the app with `kept` on the device (a reload: nobody known yet). */
async function startWithKept(kept: Me) {
  clearSessionData();
  await keepSession(kept);
  const session = renderSession();
  await waitFor(() => expect(session.current.isLoading).toBe(false));
  return session;
}

describe('the session kept on the device', () => {
  it('is used, marked offline, only when the session cannot be read for want of a network', async () => {
    sessionAnswer = 'network';
    online = false;
    const session = await startWithKept(grace);
    await act(() => session.current.refresh());
    expect(session.current.user?.id).toBe(grace.id);
    expect(session.current.offline).toBe(true);
  });

  it('is never used on a 401: everything kept is deleted', async () => {
    sessionAnswer = 401;
    const session = await startWithKept(grace);
    await act(() => session.current.refresh());
    expect(session.current.user).toBeNull();
    expect(session.current.offline).toBe(false);
    await settle();
    expect(await readKeptSession()).toBeNull();
  });

  it('is never used when the server answers that nobody is signed in, and is deleted', async () => {
    sessionAnswer = null;
    const session = await startWithKept(grace);
    await act(() => session.current.refresh());
    expect(session.current.user).toBeNull();
    await settle();
    expect(await readKeptSession()).toBeNull();
  });

  it('is kept whenever the server answers a signed-in session', async () => {
    clearSessionData();
    await settle();
    sessionAnswer = grace;
    const session = renderSession();
    await act(() => session.current.refresh());
    expect(session.current.user?.id).toBe(grace.id);
    expect(session.current.offline).toBe(false);
    await settle();
    expect((await readKeptSession())?.id).toBe(grace.id);
  });

  it('back online, the server decides: the same session goes on, an ended one clears everything', async () => {
    sessionAnswer = 'network';
    online = false;
    const session = await startWithKept(grace);
    await act(() => session.current.refresh());
    expect(session.current.offline).toBe(true);

    sessionAnswer = grace;
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(session.current.offline).toBe(false));
    expect(session.current.user?.id).toBe(grace.id);

    // Offline again after a reload; meanwhile the session was ended elsewhere.
    sessionAnswer = 'network';
    online = false;
    const again = await startWithKept(grace);
    await act(() => again.current.refresh());
    expect(again.current.offline).toBe(true);
    await saveNow(grace.id, cacheWith('kept'));
    expect(await readCachePersister(grace.id).restoreClient()).toBeDefined();
    sessionAnswer = null;
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(again.current.user).toBeNull());
    await settle();
    expect(await readKeptSession()).toBeNull();
    expect(await readCachePersister(grace.id).restoreClient()).toBeUndefined();
  });

  it('signing out deletes the kept user and their kept screens', async () => {
    clearSessionData();
    await settle();
    sessionAnswer = grace;
    const session = renderSession();
    await act(() => session.current.refresh());
    await settle();
    await saveNow(grace.id, cacheWith('chart of Helen'));
    expect(await readCachePersister(grace.id).restoreClient()).toBeDefined();

    await act(() => session.current.logout());
    await settle();
    expect(await readKeptSession()).toBeNull();
    expect(await readCachePersister(grace.id).restoreClient()).toBeUndefined();
  });
});

/** A persisted cache holding one successful query, ['chart'] = `value`. */
function cacheWith(value: string) {
  const client = new QueryClient();
  client.setQueryData(['chart'], value);
  return {
    timestamp: Date.now(),
    buster: readCacheOptions(0).buster ?? '',
    clientState: {
      mutations: [],
      queries: client
        .getQueryCache()
        .getAll()
        .map((query) => ({
          queryKey: query.queryKey,
          queryHash: query.queryHash,
          state: query.state,
          dehydratedAt: Date.now(),
        })),
    },
  };
}

/** Saves are grouped: one write at most every half second. */
const saved = () => new Promise((resolve) => setTimeout(resolve, 700));

/** Saves `client` as the account's kept cache and waits for the write. */
async function saveNow(userId: number, client: ReturnType<typeof cacheWith>) {
  await readCachePersister(userId).persistClient(client);
  await saved();
}

const queryConfig: QueryClientConfig = {
  defaultOptions: { queries: { retry: false, staleTime: Infinity } },
};

/** A screen reading ['chart'], showing its value or "none yet". */
function ChartValue({ read }: { read: () => Promise<string> }) {
  const chart = useQuery({ queryKey: ['chart'], queryFn: read });
  return <p>{chart.data ?? 'none yet'}</p>;
}

function renderWithKeptCache(userId: number, read: () => Promise<string>) {
  const queryClient = new QueryClient(queryConfig);
  return render(
    <ReadCacheProvider
      client={queryClient}
      options={readCacheOptions(userId)}
      onRestored={() => undefined}
    >
      <ChartValue read={read} />
    </ReadCacheProvider>,
  );
}

describe('the read cache kept on the device', () => {
  beforeEach(async () => {
    clearSessionData();
    await settle();
  });

  it('is restored for the same user id only, before the screen reads', async () => {
    await saveNow(grace.id, cacheWith("Grace's patient: allergic to penicillin"));

    const graceReads = vi.fn(async () => 'from the server');
    renderWithKeptCache(grace.id, graceReads);
    expect(await screen.findByText("Grace's patient: allergic to penicillin")).toBeVisible();
    expect(graceReads).not.toHaveBeenCalled();
    cleanup();

    const tomReads = vi.fn(async () => "Tom's own answer");
    renderWithKeptCache(tom.id, tomReads);
    expect(await screen.findByText("Tom's own answer")).toBeVisible();
    expect(screen.queryByText(/penicillin/)).toBeNull();
    expect(tomReads).toHaveBeenCalledTimes(1);
  });

  it('reads the whole cache once for a burst of changes, when the save is due, and keeps the last state', async () => {
    const queryClient = new QueryClient(queryConfig);
    const options = readCacheOptions(grace.id);
    // Reading the cache asks, of each query, whether to keep it: counted here.
    let asked = 0;
    const keep = options.dehydrateOptions!.shouldDehydrateQuery!;
    options.dehydrateOptions = {
      shouldDehydrateQuery: (query) => {
        asked += 1;
        return keep(query);
      },
    };
    render(
      <ReadCacheProvider client={queryClient} options={options} onRestored={() => undefined}>
        <ChartValue read={async () => 'from the server'} />
      </ReadCacheProvider>,
    );
    expect(await screen.findByText('from the server')).toBeVisible();
    await saved();
    asked = 0;

    // Thirty answers arriving together, as a caregiver's dashboard reads ahead thirty charts.
    act(() => {
      for (let n = 1; n <= 30; n++) queryClient.setQueryData(['chart', n], `chart ${n}`);
      queryClient.setQueryData(['chart', 30], 'chart 30, changed');
    });
    expect(asked).toBe(0);
    await saved();
    // One read of the 31 queries, not one per change.
    expect(asked).toBe(31);

    const restored = await readCachePersister(grace.id).restoreClient();
    const values = new Map(
      restored?.clientState.queries.map((q) => [JSON.stringify(q.queryKey), q.state.data]),
    );
    expect(values.size).toBe(31);
    expect(values.get('["chart",30]')).toBe('chart 30, changed');
    expect(values.get('["chart"]')).toBe('from the server');
  });

  it("a second user signing in on the device deletes the first one's kept cache", async () => {
    await keepSession(grace);
    await saveNow(grace.id, cacheWith('penicillin'));
    expect(await readCachePersister(grace.id).restoreClient()).toBeDefined();

    await keepSession(tom);
    expect(await readCachePersister(grace.id).restoreClient()).toBeUndefined();
    expect((await readKeptSession())?.id).toBe(tom.id);
  });

  it('keeps only queries holding data, each as a success, and never a Headers object', async () => {
    const client = new QueryClient(queryConfig);
    client.setQueryData(['list'], {
      items: [1, 2],
      headers: new Headers({ 'X-Total-Count': '2' }),
    });
    await client.prefetchQuery({
      queryKey: ['failed'],
      queryFn: () => Promise.reject(new Error('no')),
    });
    // Everything in the cache handed over: the device keeps only what holds data.
    await readCachePersister(grace.id).persistClient({
      timestamp: Date.now(),
      buster: '',
      clientState: dehydrate(client, { shouldDehydrateQuery: () => true }),
    });
    await saved();
    const restored = await readCachePersister(grace.id).restoreClient();
    expect(restored?.clientState.queries.map((q) => q.queryKey)).toEqual([['list']]);
    expect(restored?.clientState.queries[0]?.state.status).toBe('success');
  });
});

describe('how old the data on the screen is', () => {
  it('says when it was saved, in the display zone, and how long ago', () => {
    setDisplayTimeZone('UTC');
    const savedAt = Date.parse('2026-11-24T10:42:00Z');
    const now = Date.parse('2026-11-24T11:07:30Z');
    expect(dataAgeText(savedAt, now, true)).toBe(
      offlineReadTexts.offlineSavedAt('10:42 AM', '25 min ago'),
    );
    expect(dataAgeText(savedAt, now, true)).toBe(
      'Offline — showing what was saved at 10:42 AM (25 min ago).',
    );
    expect(dataAgeText(savedAt, now, false)).toBe(
      'Could not refresh — showing what was saved at 10:42 AM (25 min ago).',
    );
    setDisplayTimeZone('America/New_York');
    expect(dataAgeText(savedAt, now, true)).toContain('05:42 AM');
    setDisplayTimeZone(undefined);
  });

  it('is a polite status shown while offline over the oldest data of the screen, gone back online', async () => {
    const queryClient = new QueryClient(queryConfig);
    const older = Date.now() - 25 * 60_000;
    queryClient.setQueryData(['visits'], 'today', { updatedAt: older });
    queryClient.setQueryData(['doses'], 'due', { updatedAt: Date.now() - 5 * 60_000 });
    function Screen() {
      useQuery({ queryKey: ['visits'], queryFn: async () => 'today' });
      useQuery({ queryKey: ['doses'], queryFn: async () => 'due' });
      return null;
    }
    render(
      <SessionProvider>
        <QueryClientProvider client={queryClient}>
          <DataAge />
          <Screen />
        </QueryClientProvider>
      </SessionProvider>,
    );
    const region = screen.getByTestId('data-age');
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(region).toHaveTextContent(/^Offline — showing what was saved at .+ \(25 min ago\)\.$/);

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(region).toBeEmptyDOMElement();
  });
});

describe('a list read offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('whose refresh failed for want of a network keeps its saved rows, not an error', async () => {
    const queryClient = new QueryClient(queryConfig);
    queryClient.setQueryData(['patients'], ['Helen Gardner'], { updatedAt: Date.now() - 60_000 });
    const { result } = renderHook(
      () =>
        showSavedWhileOffline(
          useQuery({
            queryKey: ['patients'],
            queryFn: (): Promise<string[]> => Promise.reject(new ApiError(0, 'Network error')),
            staleTime: 0,
          }),
        ),
      {
        wrapper: ({ children }: { children: ReactNode }) => (
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        ),
      },
    );
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.isError).toBe(false);
    expect(result.current.data).toEqual(['Helen Gardner']);
  });

  it('that was never saved waits for the connection and says it is not available offline', async () => {
    online = false;
    onlineManager.setOnline(false);
    const queryClient = new QueryClient(queryConfig);
    const read = vi.fn(async () => ['Helen Gardner']);
    function List() {
      const list = showSavedWhileOffline(useQuery({ queryKey: ['patients'], queryFn: read }));
      return list.isLoading ? <LoadingState /> : <p>{list.data?.join(', ')}</p>;
    }
    render(
      <SessionProvider>
        <QueryClientProvider client={queryClient}>
          <List />
        </QueryClientProvider>
      </SessionProvider>,
    );
    expect(await screen.findByText(offlineReadTexts.notAvailable)).toBeVisible();
    expect(read).not.toHaveBeenCalled();

    online = true;
    act(() => {
      onlineManager.setOnline(true);
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Helen Gardner')).toBeVisible();
  });
});
