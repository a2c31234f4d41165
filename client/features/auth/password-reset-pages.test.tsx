import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { passwordResetTexts as texts, validation } from '../../../shared/messages.ts';
import { SessionProvider } from '../../lib/auth.tsx';
import ForgotPasswordPage from './forgot-password-page.tsx';
import ResetPasswordPage from './reset-password-page.tsx';

const TOKEN = 'T'.repeat(43);
let calls: { url: string; body: unknown }[];
let answers: Record<string, { status: number; body: unknown }>;

beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[url] ?? { status: 401, body: { message: 'Unauthorized' } };
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
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

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/forgot-password', Component: ForgotPasswordPage },
      { path: '/reset-password', Component: ResetPasswordPage },
      { path: '/login', element: <p>Login screen</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const posts = (url: string) => calls.filter((c) => c.url === url && c.body !== undefined);

describe('the forgot-password screen', () => {
  it('asks for a username or email, then shows the same confirmation and where to turn', async () => {
    answers['/api/users/password-reset'] = {
      status: 202,
      body: { message: texts.requestAccepted },
    };
    const user = userEvent.setup();
    renderAt('/forgot-password');
    await user.click(await screen.findByRole('button', { name: texts.sendLink }));
    expect(await screen.findByText(texts.usernameOrEmailRequired)).toBeInTheDocument();
    expect(posts('/api/users/password-reset')).toEqual([]);
    await user.type(screen.getByLabelText(new RegExp(`^${texts.usernameOrEmail}`)), ' grace ');
    await user.click(screen.getByRole('button', { name: texts.sendLink }));
    expect(await screen.findByText(texts.requestAccepted)).toBeInTheDocument();
    expect(screen.getByText(texts.noEmailHint)).toBeInTheDocument();
    expect(posts('/api/users/password-reset')).toEqual([
      { url: '/api/users/password-reset', body: { usernameOrEmail: 'grace' } },
    ]);
  });
});

describe('the reset-password screen', () => {
  it('says a link that does not work is invalid and offers a new one, without asking for a password', async () => {
    answers[`/api/users/password-reset/${TOKEN}`] = {
      status: 404,
      body: { message: texts.linkInvalid },
    };
    renderAt(`/reset-password?token=${TOKEN}`);
    expect(await screen.findByText(texts.linkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: texts.askNewLink })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText(new RegExp(`^${texts.newPassword}`))).toBeNull();
  });

  it('a missing or malformed token is invalid without asking the server', async () => {
    renderAt('/reset-password?token=abc');
    expect(await screen.findByText(texts.linkInvalid)).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/users/password-reset'))).toEqual([]);
  });

  it('applies the sign-up password rules, checks the confirmation, then sends the token and goes to login', async () => {
    answers[`/api/users/password-reset/${TOKEN}`] = {
      status: 200,
      body: { valid: true, username: 'grace' },
    };
    answers['/api/users/password-reset/confirm'] = {
      status: 200,
      body: { message: texts.passwordReset },
    };
    const user = userEvent.setup();
    renderAt(`/reset-password?token=${TOKEN}`);
    expect(await screen.findByText(texts.resetFor('grace'))).toBeInTheDocument();
    const password = screen.getByLabelText(new RegExp(`^${texts.newPassword}`));
    const confirm = screen.getByLabelText(new RegExp(`^${texts.confirmPassword}`));
    fireEvent.change(password, { target: { value: 'short' } });
    await user.click(screen.getByRole('button', { name: texts.savePassword }));
    expect(await screen.findByText(validation.passwordMin8)).toBeInTheDocument();
    fireEvent.change(password, { target: { value: 'a-brand-new-secret-42' } });
    fireEvent.change(confirm, { target: { value: 'something-else-42' } });
    await user.click(screen.getByRole('button', { name: texts.savePassword }));
    expect(await screen.findByText(texts.passwordsDiffer)).toBeInTheDocument();
    expect(posts('/api/users/password-reset/confirm')).toEqual([]);
    fireEvent.change(confirm, { target: { value: 'a-brand-new-secret-42' } });
    await user.click(screen.getByRole('button', { name: texts.savePassword }));
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    await waitFor(() =>
      expect(posts('/api/users/password-reset/confirm')).toEqual([
        {
          url: '/api/users/password-reset/confirm',
          body: { token: TOKEN, password: 'a-brand-new-secret-42' },
        },
      ]),
    );
  });
});
