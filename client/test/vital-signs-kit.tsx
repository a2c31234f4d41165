/**
 * Test support for the vital signs components (client/components/records): a signed-in user
 * with chosen units, and an API answered from a table of routes, recording what the components
 * sent. Imported by tests only.
 */
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import type { Me } from '../../shared/schemas/users.ts';
import type { UnitSettings } from '../../shared/units.ts';
import { rangesWith, type PatientRanges, type Range } from '../../shared/vital-thresholds.ts';
import type { VitalMeasurement } from '../../shared/messages.ts';
import { SessionProvider, useSession } from '../lib/auth.tsx';

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

export function meWith(
  units: UnitSettings,
  role: Me['role'] = 'doctor',
  privileges: Me['privileges'] = 'editor',
): Me {
  return {
    id: 7,
    username: 'dr.caldham',
    firstName: 'Ann',
    secondName: 'Caldham',
    role,
    privileges,
    requestedPrivileges: null,
    patientId: null,
    settings: { darkMode: false, fontSize: 16, notificationsEnabled: true, ...units },
  };
}

export const ranges = (own: Partial<Record<VitalMeasurement, Range>> = {}): PatientRanges =>
  rangesWith(own);

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stubs fetch: GET /api/session answers `me`; every other call goes to the first route whose
 * "METHOD /path" key matches (the path without its query). Answers the calls made.
 */
export function stubApi(
  me: Me,
  routes: Record<string, (call: Call) => Response | Promise<Response>>,
): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = url.split('?')[0]!;
      if (path === '/api/session') return json(200, { user: me });
      const call = { method, path: url, body: init?.body ? JSON.parse(String(init.body)) : null };
      calls.push(call);
      const route = routes[`${method} ${path}`];
      return route ? route(call) : json(404, { message: 'Not found' });
    }),
  );
  return calls;
}

/** Renders its children once the session has been read (afresh: tests change the user). */
function SignedIn({ children }: { children: ReactNode }) {
  const { user, refresh } = useSession();
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return user ? <>{children}</> : null;
}

/** Renders `ui` signed in, with a query cache of its own and the notices shown. */
export function renderSignedIn(ui: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <ThemeProvider theme={createTheme()}>
      <SessionProvider>
        <QueryClientProvider client={queryClient}>
          <ToastContainer />
          <SignedIn>{ui}</SignedIn>
        </QueryClientProvider>
      </SessionProvider>
    </ThemeProvider>,
  );
}
