import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDeferredData, useDeferredQuery } from './deferred-data.ts';

interface Seen {
  data: string | undefined;
  drawing: boolean;
}

function Card({ data, seen }: { data: string | undefined; seen: Seen[] }) {
  const shown = useDeferredData(data);
  seen.push(shown);
  if (shown.drawing) return <p>Loading</p>;
  return <p>{shown.data ?? 'Nothing yet'}</p>;
}

function QueryCard({
  query,
  seen,
}: {
  query: { data?: string; isLoading: boolean; isError: boolean };
  seen: { data?: string; isLoading: boolean }[];
}) {
  const shown = useDeferredQuery(query);
  seen.push({ data: shown.data, isLoading: shown.isLoading });
  return <p>{shown.isLoading ? 'Loading' : shown.data}</p>;
}

describe('useDeferredData', () => {
  afterEach(cleanup);

  it('an answer arriving is first a render that still shows the loading state, then drawn', async () => {
    const seen: Seen[] = [];
    const { rerender } = render(<Card data={undefined} seen={seen} />);
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    seen.length = 0;
    rerender(<Card data="Eight visits" seen={seen} />);
    expect(await screen.findByText('Eight visits')).toBeInTheDocument();
    // The render the arrival started drew nothing of the answer: it said "drawing".
    expect(seen[0]).toEqual({ data: undefined, drawing: true });
    expect(seen.at(-1)).toEqual({ data: 'Eight visits', drawing: false });
  });

  it('a later answer keeps the earlier one on screen until it is drawn, never the loading state', async () => {
    const seen: Seen[] = [];
    const { rerender } = render(<Card data="Monday" seen={seen} />);
    expect(screen.getByText('Monday')).toBeInTheDocument();
    seen.length = 0;
    rerender(<Card data="Tuesday" seen={seen} />);
    expect(await screen.findByText('Tuesday')).toBeInTheDocument();
    expect(seen[0]).toEqual({ data: 'Monday', drawing: false });
    expect(seen.every((s) => !s.drawing)).toBe(true);
  });
});

describe('useDeferredQuery', () => {
  afterEach(cleanup);

  it('stays loading until its answer is drawn, so a screen waiting for its queries waits for that', async () => {
    const seen: { data?: string; isLoading: boolean }[] = [];
    const { rerender } = render(
      <QueryCard query={{ isLoading: true, isError: false }} seen={seen} />,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    seen.length = 0;
    rerender(
      <QueryCard query={{ data: 'Three records', isLoading: false, isError: false }} seen={seen} />,
    );
    expect(await screen.findByText('Three records')).toBeInTheDocument();
    expect(seen[0]).toEqual({ data: undefined, isLoading: true });
    expect(seen.at(-1)).toEqual({ data: 'Three records', isLoading: false });
  });
});
