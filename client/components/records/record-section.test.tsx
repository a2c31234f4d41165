import { MemoryRouter } from 'react-router';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClinicalRecordType } from '../../../shared/record-types.ts';
import type { Column } from '../data-table.tsx';
import { RecordSection } from './record-section.tsx';

interface Visit {
  id: number;
  diagnosis: string;
}
interface Allergy {
  id: number;
  substance: string;
}
type Row = Visit | Allergy;

const visits: Visit[] = [
  { id: 1, diagnosis: 'Hypertension' },
  { id: 2, diagnosis: 'Seasonal flu' },
];
const allergies: Allergy[] = [{ id: 9, substance: 'Penicillin' }];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', 'X-Total-Count': '2' },
  });

// Each type's columns read fields only its own rows have: a row of another type would throw.
const visitColumns: Column<Visit>[] = [
  { key: 'diagnosis', header: 'Diagnosis', render: (r) => r.diagnosis.toUpperCase() },
];
const allergyColumns: Column<Allergy>[] = [
  { key: 'substance', header: 'Substance', render: (r) => r.substance.toUpperCase() },
];

function section(type: ClinicalRecordType, listPath: string, columns: Column<Row>[]) {
  return (
    <RecordSection<Row>
      title="Records"
      heading="section"
      type={type}
      listPath={listPath}
      columns={columns}
      emptyText="None yet"
      fetchError="Could not load"
      hasActions={false}
      canEdit={() => false}
      canDelete={() => false}
      describe={(row) => `row ${row.id}`}
      remove={{ title: '', message: '', success: '', error: '' }}
      FormDialog={() => null}
    />
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a record section that switches types', () => {
  it('shows none of the previous type’s rows while the new list loads, then the new rows', async () => {
    let answerAllergies: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        const path = url.split('?')[0];
        if (path === '/api/medical-records/patient/4') return Promise.resolve(json(visits));
        if (path === '/api/allergies/patient/4') {
          return new Promise<Response>((resolve) => (answerAllergies = resolve));
        }
        return Promise.resolve(new Response('{}', { status: 404 }));
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrap = (children: ReactNode) => (
      <ThemeProvider theme={createTheme()}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>{children}</MemoryRouter>
        </QueryClientProvider>
      </ThemeProvider>
    );

    const view = render(
      wrap(
        section('medical-record', '/api/medical-records/patient/4', visitColumns as Column<Row>[]),
      ),
    );
    expect(await screen.findByText('HYPERTENSION')).toBeInTheDocument();

    // The same instance now lists allergies, whose answer has not come yet.
    view.rerender(
      wrap(section('allergy', '/api/allergies/patient/4', allergyColumns as Column<Row>[])),
    );
    const table = screen.getByRole('table', { name: 'Records' });
    expect(within(table).getByRole('columnheader', { name: 'Substance' })).toBeInTheDocument();
    expect(within(table).queryByText(/HYPERTENSION|SEASONAL FLU/)).toBeNull();
    // Only the header row: no stale body rows drawn in the new columns.
    expect(within(table).getAllByRole('row')).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();

    answerAllergies(json(allergies));
    expect(await within(table).findByText('PENICILLIN')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });
});
