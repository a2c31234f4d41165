import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../shared/schemas/users.ts';
import { clearSessionData, SessionProvider, useSession } from '../lib/auth.tsx';
import { stubPhoneScreen } from '../test/phone-screen.ts';
import { DataTable, type Column, type TableSort } from './data-table.tsx';
import { DeleteAction, EditAction, RowActions } from './row-actions.tsx';

afterEach(cleanup);

const rows = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
const paging = (total: number, capped: boolean) => ({
  total,
  capped,
  page: 0,
  rowsPerPage: 25,
  onPageChange: () => undefined,
  onRowsPerPageChange: () => undefined,
});

function renderTable(total: number, capped: boolean) {
  render(
    <DataTable
      label="Things"
      columns={[{ key: 'name', header: 'Name', render: (row) => row.name }]}
      rows={rows}
      rowKey={(row) => row.id}
      emptyText="None"
      paging={paging(total, capped)}
    />,
  );
}

describe('DataTable paging', () => {
  it('shows an exact total as "of N"', () => {
    renderTable(1234, false);
    expect(screen.getByText('1–25 of 1,234')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /next page/i })).toBeEnabled();
  });

  it('shows a capped total as a lower bound and still lets the user page on', () => {
    renderTable(1025, true);
    expect(screen.getByText('1–25 of more than 1,025')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /next page/i })).toBeEnabled();
  });
});

interface Visit {
  id: number;
  patient: string;
  doctorId: number;
  doctorName: string;
  when: string;
  note: string;
}

const visits: Visit[] = [
  {
    id: 1,
    patient: 'Walter Brooks',
    doctorId: 12,
    doctorName: 'Dr Ada Lane',
    when: 'Dec 01, 10:00 AM',
    note: 'Checked the dressing',
  },
  {
    id: 2,
    patient: 'Maria Gomez',
    doctorId: 13,
    doctorName: 'Dr Ben Ito',
    when: 'Dec 02, 09:30 AM',
    note: 'Blood pressure steady',
  },
];

const visitColumns: Column<Visit>[] = [
  { key: 'note', header: 'Note', render: (v) => v.note },
  {
    key: 'patient',
    header: 'Patient',
    cardTitle: true,
    sortKey: 'patient',
    render: (v) => v.patient,
  },
  {
    key: 'doctor',
    header: 'Doctor ID',
    staffId: true,
    render: (v) => `${v.doctorId} ${v.doctorName}`,
  },
  { key: 'when', header: 'When', sortKey: 'date', render: (v) => v.when },
  {
    key: 'actions',
    header: 'Actions',
    pinned: true,
    render: (v) =>
      v.id === 2 ? null : (
        <RowActions>
          <EditAction name={v.patient} onClick={() => undefined} />
          <DeleteAction name={v.patient} onClick={() => undefined} />
        </RowActions>
      ),
  },
];

/** Reads the signed-in user through the app's own call (GET /api/session). */
function ReadSession() {
  const { refresh } = useSession();
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return null;
}

function renderVisits(sort?: TableSort, columns = visitColumns) {
  return render(
    <DataTable
      label="Visits"
      columns={columns}
      rows={visits}
      rowKey={(v) => v.id}
      emptyText="No visits"
      sort={sort}
      paging={{ ...paging(2, false), rowsPerPage: 10 }}
    />,
  );
}

describe('DataTable on a phone', () => {
  afterEach(() => {
    cleanup();
    clearSessionData();
    vi.unstubAllGlobals();
  });

  it('shows a card per row in a list named by the table, not a table', () => {
    stubPhoneScreen();
    renderVisits();
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Visits' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    // Paging stays under the cards.
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('titles each card with the flagged column and lists the others as header and value', () => {
    stubPhoneScreen();
    renderVisits();
    const [first] = within(screen.getByRole('list', { name: 'Visits' })).getAllByRole('listitem');
    const title = first!.firstElementChild!;
    expect(title).toHaveTextContent(/^Walter Brooks$/);
    const terms = within(first!)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    const values = within(first!)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    // The title is not repeated below; the actions are buttons, not a pair.
    expect(terms).toEqual(['Note', 'Doctor ID', 'When']);
    expect(values).toEqual(['Checked the dressing', '12 Dr Ada Lane', 'Dec 01, 10:00 AM']);
    expect(terms).not.toContain('Actions');
  });

  it('titles a card with the first column when none is flagged', () => {
    stubPhoneScreen();
    renderVisits(
      undefined,
      visitColumns.map((column) => ({ ...column, cardTitle: false })),
    );
    const [first] = within(screen.getByRole('list', { name: 'Visits' })).getAllByRole('listitem');
    expect(first!.firstElementChild).toHaveTextContent(/^Checked the dressing$/);
    expect(
      within(first!)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['Patient', 'Doctor ID', 'When']);
  });

  it('shows the actions as buttons with their words across the card, in Tab order', async () => {
    stubPhoneScreen();
    renderVisits();
    const [first, second] = within(screen.getByRole('list', { name: 'Visits' })).getAllByRole(
      'listitem',
    );
    const edit = within(first!).getByRole('button', { name: 'Edit Walter Brooks' });
    const remove = within(first!).getByRole('button', { name: 'Delete Walter Brooks' });
    expect(edit).toHaveTextContent('Edit');
    expect(remove).toHaveTextContent('Delete');
    expect(edit).toHaveClass('MuiButton-root');
    expect(getComputedStyle(edit).width).toBe('100%');
    // A row that allows nothing has no empty button area.
    expect(within(second!).queryAllByRole('button')).toHaveLength(0);
    const user = userEvent.setup();
    edit.focus();
    await user.tab();
    expect(remove).toHaveFocus();
  });

  it('sorts with a "Sort by" select, each sortable column both ways', async () => {
    stubPhoneScreen();
    const onChange = vi.fn();
    renderVisits({ value: 'patient', onChange });
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveTextContent('Patient, ascending');
    const user = userEvent.setup();
    await user.click(select);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Patient, ascending',
      'Patient, descending',
      'When, ascending',
      'When, descending',
    ]);
    await user.click(options[3]!);
    expect(onChange).toHaveBeenCalledWith('-date');
  });

  it('says "Default order" under its label when the list keeps the server\'s order', () => {
    stubPhoneScreen();
    renderVisits({ value: undefined, onChange: vi.fn() });
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveTextContent('Default order');
    // The label sits above the field, not over the words shown in it.
    expect(screen.getByText('Sort by', { selector: '.MuiInputLabel-root' })).toHaveAttribute(
      'data-shrink',
      'true',
    );
  });

  it('has no sort select when the list does not sort', () => {
    stubPhoneScreen();
    renderVisits();
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
  });

  it('shows a patient the staff header without its "ID"', async () => {
    stubPhoneScreen();
    const patient: Me = {
      id: 7,
      username: 'patient.one',
      firstName: 'Pat',
      secondName: 'One',
      role: 'patient',
      privileges: 'viewer' as Me['privileges'],
      requestedPrivileges: null,
      patientId: 3,
      settings: {
        darkMode: false,
        fontSize: 16,
        notificationsEnabled: true,
        temperatureUnit: 'C',
        glucoseUnit: 'mmol/L',
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ user: patient }), {
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    render(
      <SessionProvider>
        <ReadSession />
        <DataTable
          label="Visits"
          columns={visitColumns}
          rows={visits}
          rowKey={(v) => v.id}
          emptyText="No visits"
          sort={{ value: 'patient', onChange: () => undefined }}
        />
      </SessionProvider>,
    );
    const list = screen.getByRole('list', { name: 'Visits' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('term')
          .map((dt) => dt.textContent),
      ).toContain('Doctor'),
    );
    expect(within(list).queryByText('Doctor ID')).toBeNull();
  });

  it('keeps the loading, error and empty states', () => {
    stubPhoneScreen();
    const { rerender } = render(
      <DataTable
        label="Visits"
        columns={visitColumns}
        rows={undefined}
        rowKey={(v) => v.id}
        isLoading
        emptyText="No visits"
      />,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    rerender(
      <DataTable
        label="Visits"
        columns={visitColumns}
        rows={undefined}
        rowKey={(v) => v.id}
        error="Could not load"
        emptyText="No visits"
      />,
    );
    expect(screen.getByText('Could not load')).toBeInTheDocument();
    rerender(
      <DataTable
        label="Visits"
        columns={visitColumns}
        rows={[]}
        rowKey={(v) => v.id}
        emptyText="No visits"
      />,
    );
    expect(screen.getByText('No visits')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Visits' })).toBeNull();
  });

  it('shows the table from 600 px up', () => {
    renderVisits();
    expect(screen.getByRole('table', { name: 'Visits' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Visits' })).toBeNull();
  });
});
