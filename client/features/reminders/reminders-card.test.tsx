import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notices } from '../../../shared/messages.ts';
import { RemindersCard } from './reminders-card.tsx';

let failuresLeft: number;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return Promise.resolve(
          new Response(JSON.stringify({ message: 'Internal Server Error' }), {
            status: 500,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }
      return Promise.resolve(
        new Response('[]', {
          status: 200,
          headers: { 'content-type': 'application/json', 'X-Total-Count': '0' },
        }),
      );
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard(callbacks: { onLoaded: () => void; onFailed: () => void }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RemindersCard {...callbacks} />
    </QueryClientProvider>,
  );
}

describe('RemindersCard tells its dashboard when the list has answered', () => {
  it('loaded at once', async () => {
    failuresLeft = 0;
    const onLoaded = vi.fn();
    const onFailed = vi.fn();
    renderCard({ onLoaded, onFailed });
    await waitFor(() => expect(onLoaded).toHaveBeenCalled());
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('failed, then loaded on Try again (the calendar is then enabled, not left off)', async () => {
    failuresLeft = 1;
    const onLoaded = vi.fn();
    const onFailed = vi.fn();
    renderCard({ onLoaded, onFailed });
    await waitFor(() => expect(onFailed).toHaveBeenCalled());
    expect(onLoaded).not.toHaveBeenCalled();
    expect(await screen.findByText(notices.errorFetchingReminders)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(onLoaded).toHaveBeenCalled());
  });
});
