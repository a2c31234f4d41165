import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from '../components/data-table.tsx';
import { ListFilters } from '../components/list-filters.tsx';
import { usePagedList } from './use-paged-list.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Person {
  id: number;
  lastName: string;
  dob: string;
}

function People() {
  const list = usePagedList<Person>(
    ['people'],
    '/api/patients',
    {},
    { inAddress: true, defaultSort: 'name' },
  );
  const location = useLocation();
  return (
    <>
      <p data-testid="address">{location.search}</p>
      <DataTable
        label="People"
        columns={[
          { key: 'lastName', header: 'Last Name', sortKey: 'name', render: (p) => p.lastName },
          { key: 'dob', header: 'Date of Birth', sortKey: 'dateOfBirth', render: (p) => p.dob },
          { key: 'id', header: 'ID', render: (p) => p.id },
        ]}
        rows={list.rows}
        rowKey={(p) => p.id}
        emptyText="None"
        sort={list.sort}
        paging={list.paging}
      />
    </>
  );
}

/** A list with a range of days as its filters, kept in the address. */
function Filtered() {
  const list = usePagedList<Person>(
    ['filtered'],
    '/api/medical-records',
    {},
    { inAddress: true, filters: ['from', 'to'] },
  );
  const location = useLocation();
  return (
    <>
      <p data-testid="address">{location.search}</p>
      <ListFilters
        label="Filter records"
        fields={[
          { kind: 'date', name: 'from', label: 'From' },
          { kind: 'date', name: 'to', label: 'To' },
        ]}
        list={list}
      />
      <DataTable
        label="Records"
        columns={[{ key: 'lastName', header: 'Last Name', render: (p) => p.lastName }]}
        rows={list.rows}
        rowKey={(p) => p.id}
        emptyText="None"
        paging={list.paging}
      />
    </>
  );
}

function renderAt(entry: string, Screen = People) {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(new URL(url, 'http://localhost'));
      return Promise.resolve(
        new Response(JSON.stringify([{ id: 1, lastName: 'Gardner', dob: '1940-01-02' }]), {
          headers: { 'content-type': 'application/json', 'X-Total-Count': '1' },
        }),
      );
    }),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[entry]}>
        <Screen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return asked;
}

describe('a sortable list kept in the address', () => {
  it('sorts on the server by a header, the other way on a second press, and keeps it in the address', async () => {
    const asked = renderAt('/patients');
    const dob = await screen.findByRole('button', { name: 'Date of Birth' });
    expect(asked.at(-1)?.searchParams.get('sort')).toBe('name');
    expect(screen.getByRole('columnheader', { name: 'Last Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    // The ID column is not sortable: no button, no aria-sort.
    expect(screen.getByRole('columnheader', { name: 'ID' })).not.toHaveAttribute('aria-sort');

    const user = userEvent.setup();
    dob.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('sort')).toBe('dateOfBirth'));
    expect(screen.getByTestId('address')).toHaveTextContent('?sort=dateOfBirth');
    expect(screen.getByRole('columnheader', { name: 'Date of Birth' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('columnheader', { name: 'Last Name' })).not.toHaveAttribute(
      'aria-sort',
    );

    await user.click(screen.getByRole('button', { name: 'Date of Birth' }));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('sort')).toBe('-dateOfBirth'));
    expect(screen.getByTestId('address')).toHaveTextContent('?sort=-dateOfBirth');
    expect(screen.getByRole('columnheader', { name: 'Date of Birth' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('opens a bookmarked address with its order and search', async () => {
    const asked = renderAt('/patients?sort=-name&q=gard');
    await screen.findByText('Gardner');
    await waitFor(() => {
      expect(asked.at(-1)?.searchParams.get('sort')).toBe('-name');
      expect(asked.at(-1)?.searchParams.get('q')).toBe('gard');
    });
    expect(screen.getByRole('columnheader', { name: 'Last Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });
});

describe('list filters kept in the address', () => {
  it('sends a bookmarked filter, follows a changed one and clears them all', async () => {
    const asked = renderAt('/records?from=2026-03-01', Filtered);
    await screen.findByText('Gardner');
    expect(asked.at(-1)?.searchParams.get('from')).toBe('2026-03-01');
    expect(asked.at(-1)?.searchParams.has('to')).toBe(false);
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-01');

    const user = userEvent.setup();
    const to = screen.getByLabelText('To');
    await user.type(to, '2026-03-31');
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('to')).toBe('2026-03-31'));
    expect(asked.at(-1)?.searchParams.get('offset')).toBe('0');
    expect(screen.getByTestId('address')).toHaveTextContent('?from=2026-03-01&to=2026-03-31');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(asked.at(-1)?.searchParams.has('from')).toBe(false));
    expect(asked.at(-1)?.searchParams.has('to')).toBe(false);
    expect(screen.getByTestId('address')).toHaveTextContent(/^$/);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});
