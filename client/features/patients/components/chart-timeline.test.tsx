import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chartTexts, thresholdTexts } from '../../../../shared/messages.ts';
import type { TimelineEntry, TimelinePage } from '../../../../shared/schemas/chart.ts';
import { ChartTimeline } from './chart-timeline.tsx';

const entry = (id: number, over: Partial<TimelineEntry> = {}): TimelineEntry => ({
  type: 'medical-record',
  id,
  at: `2025-03-${String(30 - id).padStart(2, '0')}T10:00:00.000Z`,
  title: `Visit ${id}`,
  detail: `Detail ${id}`,
  by: 'Dr Alan Grey',
  flagged: false,
  ...over,
});

/** The server's answers: the query string asked for, and what it answers. */
let answer: (params: URLSearchParams) => { status: number; body: unknown };
let asked: URLSearchParams[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      expect(url.pathname).toBe('/api/patients/7/timeline');
      asked.push(url.searchParams);
      const { status, body } = answer(url.searchParams);
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
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

function renderTimeline(onOpen = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ChartTimeline patientId={7} onOpen={onOpen} />
    </QueryClientProvider>,
  );
  return onOpen;
}

describe('ChartTimeline', () => {
  it('shows the newest page, then the older one by cursor on "Show older", then says it ended', async () => {
    answer = (params) => {
      const page: TimelinePage =
        params.get('cursor') === 'c1'
          ? { entries: [entry(3), entry(4)], nextCursor: null }
          : {
              entries: [
                entry(1),
                entry(2, { type: 'vital-sign', title: 'BP 182/95', flagged: true }),
              ],
              nextCursor: 'c1',
            };
      return { status: 200, body: page };
    };
    renderTimeline();
    expect(await screen.findByText('Visit 1')).toBeInTheDocument();
    expect(screen.getByText('BP 182/95')).toBeInTheDocument();
    // The out-of-range reading carries its flag; the others do not.
    expect(screen.getAllByText(thresholdTexts.outOfRange)).toHaveLength(1);
    expect(screen.queryByText('Visit 3')).not.toBeInTheDocument();
    expect(asked[0]!.get('cursor')).toBeNull();
    expect(asked[0]!.get('limit')).toBe('30');

    await userEvent.setup().click(screen.getByRole('button', { name: chartTexts.loadMore }));
    expect(await screen.findByText('Visit 3')).toBeInTheDocument();
    expect(asked.at(-1)!.get('cursor')).toBe('c1');
    // Older entries are added below, newest first throughout.
    const items = within(screen.getByRole('list', { name: chartTexts.timelineTitle }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items.map((text) => /Visit \d|BP 182\/95/.exec(text ?? '')?.[0])).toEqual([
      'Visit 1',
      'BP 182/95',
      'Visit 3',
      'Visit 4',
    ]);
    expect(screen.queryByRole('button', { name: chartTexts.loadMore })).not.toBeInTheDocument();
    expect(screen.getByText(chartTexts.endOfTimeline)).toBeInTheDocument();
  });

  it('asks again for the first page with the types and dates chosen', async () => {
    answer = (params) => ({
      status: 200,
      body: {
        entries: params.get('types') === 'allergy' ? [] : [entry(1)],
        nextCursor: null,
      },
    });
    renderTimeline();
    await screen.findByText('Visit 1');
    const user = userEvent.setup();
    const filter = screen.getByRole('group', { name: chartTexts.typeFilter });
    await user.click(within(filter).getByRole('button', { name: 'Allergies' }));
    expect(await screen.findByText(chartTexts.timelineEmpty)).toBeInTheDocument();
    expect(asked.at(-1)!.get('types')).toBe('allergy');
    expect(within(filter).getByRole('button', { name: 'Allergies' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.type(screen.getByLabelText(chartTexts.from), '2025-01-01');
    await waitFor(() => expect(asked.at(-1)!.get('from')).toBe('2025-01-01'));
    expect(asked.at(-1)!.get('types')).toBe('allergy');
    expect(asked.at(-1)!.get('cursor')).toBeNull();

    await user.click(screen.getByRole('button', { name: chartTexts.clearFilters }));
    expect(await screen.findByText('Visit 1')).toBeInTheDocument();
    expect(asked.at(-1)!.get('types')).toBeNull();
    expect(asked.at(-1)!.get('from')).toBeNull();
  });

  it('opens an entry with the keyboard', async () => {
    answer = () => ({ status: 200, body: { entries: [entry(1)], nextCursor: null } });
    const onOpen = renderTimeline();
    const button = await screen.findByRole('button', { name: /^Medical record: Visit 1, / });
    // The name holds all the entry shows, in the order it is read (WCAG 2.5.3).
    expect(button).toHaveAccessibleName(
      expect.stringMatching(/^Medical record: Visit 1, Detail 1, by Dr Alan Grey, Mar 29, 2025, /),
    );
    // The button shows the title (its name contains it) and covers the entry, which shows the rest.
    expect(button).toHaveTextContent(/^Visit 1$/);
    expect(button.closest('li')?.textContent).toMatch(
      /^Medical recordVisit 1Detail 1by Dr Alan GreyMar 29, 2025,/,
    );
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    button.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(entry(1));
  });

  it('says when the timeline cannot be read and tries again', async () => {
    let failing = true;
    answer = () =>
      failing
        ? { status: 500, body: { message: 'Internal Server Error' } }
        : { status: 200, body: { entries: [entry(1)], nextCursor: null } };
    renderTimeline();
    expect(await screen.findByText(chartTexts.timelineError)).toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Visit 1')).toBeInTheDocument();
  });
});
