import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyDialog, lazyPanel } from './lazy-dialog.tsx';

/** Stands for a dialog: what it shows says whether it is mounted and whether it is open. */
function FakeDialog({ open, title }: { open: boolean; title: string }) {
  return open ? <div role="dialog" aria-label={title} /> : <p>{`${title} closing`}</p>;
}

function FakeRecordDialog({ entry }: { entry: { id: number } | null }) {
  return entry ? <div role="dialog" aria-label={`Record ${entry.id}`} /> : <p>record closing</p>;
}

describe('lazyDialog', () => {
  afterEach(cleanup);

  it('renders nothing while it has never been open, and fetches its code once idle', async () => {
    const load = vi.fn(() => Promise.resolve(FakeDialog));
    const Dialog = lazyDialog(load);
    const { container } = render(<Dialog open={false} title="Add" />);
    expect(container).toBeEmptyDOMElement();
    expect(load).not.toHaveBeenCalled();
    // Fetched ahead, so it opens with no connection later; still nothing shown.
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(container).toBeEmptyDOMElement();
  });

  it('a fetch that failed (no signal) is tried again when the dialog opens', async () => {
    const load = vi
      .fn<() => Promise<typeof FakeDialog>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(FakeDialog);
    const Dialog = lazyDialog(load);
    const { rerender } = render(<Dialog open={false} title="Add" />);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    rerender(<Dialog open title="Add" />);
    expect(await screen.findByRole('dialog', { name: 'Add' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads the dialog when first opened, then keeps it mounted when closed', async () => {
    const load = vi.fn(() => Promise.resolve(FakeDialog));
    const Dialog = lazyDialog(load);
    const { rerender } = render(<Dialog open={false} title="Add" />);

    rerender(<Dialog open title="Add" />);
    expect(await screen.findByRole('dialog', { name: 'Add' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    // Still mounted with open false, so the dialog's own closing transition can play.
    rerender(<Dialog open={false} title="Add" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Add closing')).toBeInTheDocument();

    rerender(<Dialog open title="Edit" />);
    expect(screen.getByRole('dialog', { name: 'Edit' })).toBeInTheDocument();
    // One fetch in all, whether the idle fetch or the opening came first.
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('opens by another prop when told how', async () => {
    const load = vi.fn(() => Promise.resolve(FakeRecordDialog));
    const Dialog = lazyDialog(load, (props) => props.entry !== null);
    const { container, rerender } = render(<Dialog entry={null} />);
    expect(container).toBeEmptyDOMElement();
    expect(load).not.toHaveBeenCalled();

    rerender(<Dialog entry={{ id: 7 }} />);
    expect(await screen.findByRole('dialog', { name: 'Record 7' })).toBeInTheDocument();

    rerender(<Dialog entry={null} />);
    expect(screen.getByText('record closing')).toBeInTheDocument();
  });
});

function FakePanel({ tab }: { tab: string }) {
  return <section aria-label={tab} />;
}

describe('lazyPanel', () => {
  afterEach(cleanup);

  it('shows the fallback while the code loads, then the panel, with one fetch in all', async () => {
    let arrive: (panel: typeof FakePanel) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof FakePanel>((resolve) => (arrive = resolve)));
    const Panel = lazyPanel(load, <p>Loading…</p>);
    const { rerender } = render(<Panel tab="Vitals" />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    arrive(FakePanel);
    expect(await screen.findByRole('region', { name: 'Vitals' })).toBeInTheDocument();
    rerender(<Panel tab="Visits" />);
    expect(screen.getByRole('region', { name: 'Visits' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    // The idle fetch and the first showing share one load.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches its code once idle although it is not shown', async () => {
    const load = vi.fn(() => Promise.resolve(FakePanel));
    lazyPanel(load, null);
    expect(load).not.toHaveBeenCalled();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('a fetch that failed (no signal) is tried again when the panel is shown', async () => {
    const load = vi
      .fn<() => Promise<typeof FakePanel>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(FakePanel);
    const Panel = lazyPanel(load, <p>Loading…</p>);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    render(<Panel tab="Details" />);
    expect(await screen.findByRole('region', { name: 'Details' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
