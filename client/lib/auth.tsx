import {
  createContext,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { Me } from '../../shared/schemas/users.ts';
import { can as canDo, seesOwnRecordOnly, type Permission } from '../../shared/permissions.ts';
import { api, ApiError } from './api.ts';
import { onReconnected } from './connection.ts';
import { forgetOfflineData, keepSession, readKeptSession } from './offline-cache.ts';
import { setPreviewSettings } from './preview-settings.ts';
import { setDisplayTimeZone } from '../../shared/format.ts';

interface SessionValue {
  /** The signed-in user as the server reports it, or null for a guest. */
  user: Me | null;
  /**
   * The user is the one kept on this device, because the session could not be read for want of
   * a network: their screens show what the device saved until the connection returns.
   */
  offline: boolean;
  isLoading: boolean;
  can(permission: Permission): boolean;
  /** Re-reads the session from the server (after login, settings changes). */
  refresh(): Promise<Me | null>;
  logout(): Promise<void>;
}

/** Who is signed in: a guest is an answer (`null`), not a 401 in the console. */
export async function fetchMe(): Promise<Me | null> {
  const { user } = await api<{ user: Me | null }>('/api/session', { withoutZone: true });
  return user;
}

/**
 * Who is signed in, kept in a small store of its own rather than in the query cache, so the
 * login screen does not download the query library. 'idle' until the first read.
 */
interface SessionState {
  user: Me | null;
  status: 'idle' | 'loading' | 'ready';
  /** `user` is the one kept on the device (no network), not yet confirmed by the server. */
  offline: boolean;
}

let state: SessionState = { user: null, status: 'idle', offline: false };
const listeners = new Set<() => void>();
const clearHandlers = new Set<() => void>();
let reading: Promise<Me | null> | null = null;
/** Bumped when the session is cleared, so an answer to an older read is dropped. */
let generation = 0;

function setState(next: SessionState): void {
  const previous = state;
  state = next;
  // Each user the server confirms is kept on the device, for a reload with no network.
  if (next.user && !next.offline && next.user !== previous.user) void keepSession(next.user);
  // Every time on screen is shown in the user's chosen zone (none: this device's).
  setDisplayTimeZone(next.user?.settings.timeZone ?? undefined);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user's id as known here (null: a guest), for code outside React. */
export function signedInUserId(): number | null {
  return state.user?.id ?? null;
}

/** Runs `listener` after every change of the session (code outside React); returns its undo. */
export const onSessionChange = subscribe;

/** The session could not be read because the device has no network (not a refusal). */
const isNetworkFailure = (error: unknown): boolean =>
  (error instanceof ApiError && error.status === 0) ||
  (typeof navigator !== 'undefined' && navigator.onLine === false);

/**
 * Reads the session from the server; concurrent calls share one request. A failure other
 * than 401 keeps the user already known (or none, on the first read). With no network and no
 * user known yet, the user kept on this device is used, marked offline, until the server can
 * be asked again; the server's answer then decides (a guest answer clears everything).
 */
function readSession(): Promise<Me | null> {
  if (reading) return reading;
  const started = generation;
  const read = fetchMe()
    .then(
      (user) => {
        if (started !== generation) return state.user;
        if (state.user && state.user.id !== user?.id) {
          // Signed out elsewhere (or another account now): nothing of the earlier one stays.
          clearSessionData();
        } else if (!user) {
          // No session here: whatever an earlier one left on the device goes.
          void forgetOfflineData();
        }
        setState({ user, status: 'ready', offline: false });
        return state.user;
      },
      async (error: unknown) => {
        if (started !== generation) return state.user;
        if (!state.user && isNetworkFailure(error)) {
          const kept = await readKeptSession();
          if (kept && started === generation && !state.user) {
            setState({ user: kept, status: 'ready', offline: true });
            return state.user;
          }
        }
        if (started === generation) setState({ ...state, status: 'ready' });
        return state.user;
      },
    )
    .finally(() => {
      if (reading === read) reading = null;
    });
  reading = read;
  return read;
}

/** Changes the signed-in user as known here (e.g. settings just saved), without a request. */
export function updateSessionUser(update: (user: Me) => Me): void {
  if (state.user) setState({ ...state, user: update(state.user) });
}

/** Runs `handler` whenever the session is cleared (the query cache registers here). */
export function onSessionCleared(handler: () => void): () => void {
  clearHandlers.add(handler);
  return () => clearHandlers.delete(handler);
}

/**
 * Forgets everything the signed-in user had loaded. The user becomes null at once, so the
 * screens watching it see the guest and the guards send them to /login (Back after logout
 * shows no private screen).
 */
export function clearSessionData(): void {
  generation += 1;
  reading = null;
  // The kept user and their saved screens go first, so no save after this writes them back.
  void forgetOfflineData();
  setState({ user: null, status: 'ready', offline: false });
  for (const handler of clearHandlers) handler();
  setPreviewSettings({});
}

/** Back online while showing the kept user: the server says whether the session still holds. */
function confirmOfflineSession(): void {
  if (state.offline) void readSession();
}
onReconnected(confirmOfflineSession);
if (typeof window !== 'undefined') window.addEventListener('online', confirmOfflineSession);

async function logout(): Promise<void> {
  try {
    await api('/api/users/logout', { method: 'POST' });
  } catch {
    // the session may already be gone; the local state is cleared either way
  }
  clearSessionData();
}

const SessionContext = createContext<SessionValue | null>(null);

/** Holds who is signed in. Role and privileges come from the server session only. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const live = useSyncExternalStore(subscribe, () => state);
  // The first answer (who is signed in) draws the whole signed-in frame and screen: it is drawn
  // in a render React splits into slices (useDeferredValue), not in the one block a store's
  // change otherwise gets, which held a phone's page for over a second. Every later change
  // (sign-out, settings) applies at once.
  const first = useDeferredValue(live);
  const current = live.status === 'ready' && first.status !== 'ready' ? first : live;
  useEffect(() => {
    if (state.status === 'idle') {
      setState({ ...state, status: 'loading' });
      void readSession();
    }
  }, []);
  const value = useMemo<SessionValue>(
    () => ({
      user: current.user,
      offline: current.offline,
      isLoading: current.status !== 'ready',
      can: (permission) => canDo(current.user, permission),
      refresh: readSession,
      logout,
    }),
    [current],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}

/**
 * Whether the user shown is the one kept on the device, not yet confirmed by the server (no
 * network). False outside a session (shared components rendered on their own).
 */
export function useSessionOffline(): boolean {
  return useContext(SessionContext)?.offline ?? false;
}

/**
 * Whether the signed-in reader is a patient, who sees staff by name only, never their internal
 * ids. False outside a session (shared components rendered on their own).
 */
export function useReaderIsPatient(): boolean {
  return seesOwnRecordOnly(useContext(SessionContext)?.user);
}
