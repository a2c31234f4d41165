import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable } from './data-table.tsx';

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
