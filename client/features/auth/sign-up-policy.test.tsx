import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invitationTexts } from '../../../shared/messages.ts';
import type { SignUpStatus } from '../../../shared/schemas/invitations.ts';
import { SessionProvider } from '../../lib/auth.tsx';
import LoginPage from './login-page.tsx';
import SignupPage from './signup-page.tsx';

/** The server answers the sign-up status given; every other call as a guest's would. */
function stubStatus(status: SignUpStatus) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const json = (body: unknown, code = 200) =>
        Promise.resolve(
          new Response(JSON.stringify(body), {
            status: code,
            headers: { 'content-type': 'application/json' },
          }),
        );
      if (url === '/api/users/sign-up-status') return json(status);
      if (url === '/api/session') return json({ user: null });
      return json({ message: 'Unauthorized' }, 401);
    }),
  );
}

function renderAt(path: string, Component: ComponentType) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, Component }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the first-run note on /login', () => {
  it('on an empty database: says the first account becomes the administrator, links to Sign Up', async () => {
    stubStatus({ firstRun: true, signUp: 'open' });
    renderAt('/login', LoginPage);
    expect(await screen.findByText(invitationTexts.firstRunNote)).toBeInTheDocument();
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(invitationTexts.firstRunTitle);
    const link = within(note).getByRole('link', { name: invitationTexts.firstRunAction });
    expect(link).toHaveAttribute('href', '/signup');
  });

  it('once an account exists: no note', async () => {
    stubStatus({ firstRun: false, signUp: 'open' });
    renderAt('/login', LoginPage);
    await screen.findByRole('button', { name: 'Login' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(invitationTexts.firstRunNote)).not.toBeInTheDocument();
  });
});

describe('the Sign Up screen follows the sign-up policy', () => {
  it("'open': the form offers every role", async () => {
    stubStatus({ firstRun: false, signUp: 'open' });
    renderAt('/signup', SignupPage);
    const role = await screen.findByLabelText(/^Role/);
    const options = [...role.querySelectorAll('option')].map((o) => o.value);
    expect(options).toEqual(['', 'doctor', 'caregiver', 'patient']);
  });

  it("'patients': only the patient role, with a note that staff are invited", async () => {
    stubStatus({ firstRun: false, signUp: 'patients' });
    renderAt('/signup', SignupPage);
    expect(await screen.findByText(invitationTexts.patientsOnlyNote)).toBeInTheDocument();
    const role = screen.getByLabelText(/^Role/);
    const options = [...role.querySelectorAll('option')].map((o) => o.value);
    expect(options).toEqual(['', 'patient']);
  });

  it("'closed': says sign-up is by invitation only and shows no form", async () => {
    stubStatus({ firstRun: false, signUp: 'closed' });
    renderAt('/signup', SignupPage);
    expect(await screen.findByText(invitationTexts.closedNote)).toBeInTheDocument();
    expect(screen.getByText(invitationTexts.closedTitle)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Username/)).not.toBeInTheDocument();
  });
});
