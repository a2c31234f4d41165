import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validation } from '../../../shared/messages.ts';
import SignupPage from './signup-page.tsx';

let registerBodies: unknown[];

beforeEach(() => {
  registerBodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/users/register') registerBodies.push(JSON.parse(String(init?.body)));
      return Promise.resolve(
        new Response(JSON.stringify({ message: 'Not found' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSignup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/signup', Component: SignupPage },
      { path: '/login', element: <p>Login screen</p> },
    ],
    { initialEntries: ['/signup'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/**
 * Fills every field with a valid value, the username as given, and submits the form. Values
 * are pasted, not typed key by key, so the test stays quick on a busy machine.
 */
async function signUp(username: string) {
  const user = userEvent.setup();
  renderSignup();
  const fill = async (label: RegExp, value: string) => {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  };
  const field = await screen.findByLabelText(/^Username/);
  if (username) await fill(/^Username/, username);
  await fill(/^First Name/, 'Grace');
  await fill(/^Second Name/, 'Hopper');
  await fill(/^Email/, 'grace@example.test');
  await fill(/^Password/, 'a-long-enough-secret');
  await fill(/^Primary Location/, 'Springfield');
  await user.selectOptions(screen.getByLabelText(/^Role/), 'doctor');
  await user.selectOptions(screen.getByLabelText(/^Privileges/), 'viewer');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  return field;
}

// A whole form is rendered, filled and checked in each test: more than the default 5 s when
// many test files share the machine.
describe('the sign-up form applies the username rule', { timeout: 20_000 }, () => {
  it('shows the rule under the Username field before anything is typed', async () => {
    renderSignup();
    const field = await screen.findByLabelText(/^Username/);
    expect(field).toHaveAccessibleDescription(validation.usernameRule);
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
  });

  // Each refused character is checked against the server in usernames.test.ts; a few here.
  for (const bad of ['bad name', 'ab', 'a/b', 'élodie', 'x'.repeat(41)]) {
    it(`refuses ${JSON.stringify(bad)} with the rule as its message and sends nothing`, async () => {
      const field = await signUp(bad);
      await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
      expect(field).toHaveAccessibleDescription(validation.usernameRule);
      expect(field).toHaveFocus();
      expect(screen.getByLabelText(/^First Name/)).not.toHaveAttribute('aria-invalid', 'true');
      expect(registerBodies).toEqual([]);
    });
  }

  it('an empty username still answers the required message', async () => {
    const field = await signUp('');
    await waitFor(() => expect(field).toHaveAccessibleDescription(validation.usernameRequired));
    expect(registerBodies).toEqual([]);
  });

  it('sends a username that follows the rule, with 3 and with 40 characters', async () => {
    for (const good of ['A.b', `grace_hopper-1.${'x'.repeat(25)}`]) {
      cleanup();
      await signUp(good);
      await waitFor(() =>
        expect(registerBodies).toContainEqual(expect.objectContaining({ username: good })),
      );
    }
    expect(registerBodies).toHaveLength(2);
  });
});
