import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validation } from '../../../shared/messages.ts';
import { loginFormSchema } from '../../../shared/schemas/users.ts';
import { SessionProvider } from '../../lib/auth.tsx';
import LoginPage from './login-page.tsx';

/** The message loginFormSchema gives a field first (what its resolver used to show), or ''. */
function schemaMessage(values: { username: string; password: string }, field: string): string {
  const result = loginFormSchema.safeParse(values);
  if (result.success) return '';
  return result.error.issues.find((issue) => issue.path[0] === field)?.message ?? '';
}

let loginBodies: unknown[];

beforeEach(() => {
  loginBodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/users/login') loginBodies.push(JSON.parse(String(init?.body)));
      return Promise.resolve(
        new Response(JSON.stringify({ message: 'Unauthorized' }), {
          status: 401,
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

function renderLogin() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/login', Component: LoginPage }], {
    initialEntries: ['/login'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

async function submit(values: { username: string; password: string }) {
  const user = userEvent.setup();
  renderLogin();
  const username = await screen.findByLabelText(/^Username/);
  const password = screen.getByLabelText(/^Password/);
  if (values.username) await user.type(username, values.username);
  if (values.password) await user.type(password, values.password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return { username, password };
}

describe('the login form checks what loginFormSchema checks, with its messages', () => {
  const cases = [
    { username: '', password: '' },
    { username: '   ', password: 'abc' },
    { username: 'someone', password: 'abc' },
    { username: 'someone', password: '     ' },
    { username: ' x ', password: '12345' },
  ];
  for (const values of cases) {
    it(`username ${JSON.stringify(values.username)}, password ${JSON.stringify(values.password)}`, async () => {
      const fields = await submit(values);
      await waitFor(() =>
        expect(fields.password).toHaveAccessibleDescription(schemaMessage(values, 'password')),
      );
      expect(fields.username).toHaveAccessibleDescription(schemaMessage(values, 'username'));
      expect(loginBodies).toEqual([]);
    });
  }

  it('sends the username trimmed, as the schema did, and the password as typed', async () => {
    const values = { username: '  nurse  ', password: ' secret ' };
    expect(loginFormSchema.parse(values)).toEqual({ username: 'nurse', password: ' secret ' });
    await submit(values);
    await waitFor(() => expect(loginBodies).toEqual([loginFormSchema.parse(values)]));
  });

  it('once submitted, checks again as the user types and focuses the first wrong field', async () => {
    const user = userEvent.setup();
    const fields = await submit({ username: '', password: 'abc' });
    await waitFor(() =>
      expect(fields.username).toHaveAccessibleDescription(validation.usernameRequired),
    );
    expect(fields.username).toHaveFocus();
    expect(fields.password).toHaveAccessibleDescription(validation.passwordMin6);
    await user.type(fields.username, 'nurse');
    expect(fields.username).not.toHaveAccessibleDescription(validation.usernameRequired);
    await user.type(fields.password, 'def');
    expect(fields.password).not.toHaveAccessibleDescription(validation.passwordMin6);
    expect(loginBodies).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(loginBodies).toEqual([{ username: 'nurse', password: 'abcdef' }]));
  });
});
