import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PersonPicker } from './person-picker.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The directory as the server answers it, recording each address asked for. */
function stubDirectory(entries: { id: number; name: string; deleted?: boolean }[]) {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const address = new URL(url, 'http://localhost');
      asked.push(address);
      const id = address.searchParams.get('id');
      const answer = id ? entries.filter((entry) => String(entry.id) === id) : entries;
      return Promise.resolve(
        new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  return asked;
}

function renderPicker(props: { value: number | null; includeDeleted?: boolean }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <PersonPicker role="patient" label="Patient" onChange={onChange} {...props} />
    </QueryClientProvider>,
  );
  return onChange;
}

describe('PersonPicker with deleted patients', () => {
  it('asks for deleted patients and says which are deleted', async () => {
    const asked = stubDirectory([
      { id: 4, name: 'Ida Pastly', deleted: false },
      { id: 9, name: 'Ivo Pastly', deleted: true },
    ]);
    const onChange = renderPicker({ value: null, includeDeleted: true });
    await userEvent.click(screen.getByRole('combobox', { name: 'Patient' }));
    expect(await screen.findByRole('option', { name: 'Ida Pastly (ID 4)' })).toBeVisible();
    await userEvent.click(screen.getByRole('option', { name: 'Ivo Pastly (deleted) (ID 9)' }));
    expect(onChange).toHaveBeenCalledWith(9);
    expect(asked.length).toBeGreaterThan(0);
    for (const address of asked) {
      expect(address.searchParams.get('role')).toBe('patient');
      expect(address.searchParams.get('includeDeleted')).toBe('true');
    }
  });

  it('names a deleted patient given by id (a filter read from the address)', async () => {
    stubDirectory([{ id: 9, name: 'Ivo Pastly', deleted: true }]);
    renderPicker({ value: 9, includeDeleted: true });
    expect(await screen.findByDisplayValue('Ivo Pastly (deleted) (ID 9)')).toBeInTheDocument();
  });

  it('leaves deleted patients out unless asked', async () => {
    const asked = stubDirectory([{ id: 4, name: 'Ida Pastly' }]);
    renderPicker({ value: null });
    await userEvent.click(screen.getByRole('combobox', { name: 'Patient' }));
    expect(await screen.findByRole('option', { name: 'Ida Pastly (ID 4)' })).toBeVisible();
    expect(asked.every((address) => !address.searchParams.has('includeDeleted'))).toBe(true);
  });
});
