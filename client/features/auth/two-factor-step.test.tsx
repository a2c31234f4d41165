import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { twoFactorTexts } from '../../../shared/messages.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

let bodies: unknown[];
let answer: { status: number; body: unknown };

beforeEach(() => {
  bodies = [];
  answer = { status: 200, body: { role: 'doctor', message: 'Login successful', token: 't' } };
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
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

function renderStep() {
  const onBack = vi.fn();
  const onSignedIn = vi.fn(() => Promise.resolve());
  render(<TwoFactorStep challenge={'c'.repeat(43)} onBack={onBack} onSignedIn={onSignedIn} />);
  return { onBack, onSignedIn };
}

describe('the code step of a login', () => {
  it('asks for a one-time code with a numeric keyboard and sends it with the challenge', async () => {
    const user = userEvent.setup();
    const { onSignedIn } = renderStep();
    const field = screen.getByLabelText(new RegExp(`^${twoFactorTexts.codeLabel}`));
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(bodies).toEqual([{ challenge: 'c'.repeat(43), code: '123456' }]);
  });

  it('checks the shape before sending, and says a wrong code in the field', async () => {
    const user = userEvent.setup();
    renderStep();
    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));
    expect(await screen.findByText(twoFactorTexts.codeRequired)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    answer = { status: 401, body: { message: twoFactorTexts.codeWrong } };
    await user.type(screen.getByLabelText(new RegExp(`^${twoFactorTexts.codeLabel}`)), '654321');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));
    expect(await screen.findByText(twoFactorTexts.codeWrong)).toBeInTheDocument();
  });

  it('takes a recovery code instead, and Back returns to the password', async () => {
    const user = userEvent.setup();
    const { onBack, onSignedIn } = renderStep();
    await user.click(screen.getByRole('button', { name: twoFactorTexts.useRecoveryCode }));
    await user.type(
      screen.getByLabelText(new RegExp(`^${twoFactorTexts.recoveryCodeLabel}`)),
      'abcd-2345',
    );
    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(bodies).toEqual([{ challenge: 'c'.repeat(43), code: 'abcd-2345' }]);
    await user.click(screen.getByRole('button', { name: twoFactorTexts.back }));
    expect(onBack).toHaveBeenCalled();
  });
});
