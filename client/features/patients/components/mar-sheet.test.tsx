import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { doseTexts, marChartTexts } from '../../../../shared/messages.ts';
import type { Mar, MarCell } from '../../../../shared/schemas/doses.ts';
import { isMarMonth, monthLabel, shiftMonth, weekdayOf } from '../lib/mar-month.ts';
import { describeCell, MarAdherence, MarGrid, MarLegend, MarPrnList } from './mar-sheet.tsx';

afterEach(cleanup);

const cell = (
  day: number,
  status: MarCell['status'],
  code: string,
  doseId: number | null = null,
) => ({
  scheduledAt: `2025-02-${String(day).padStart(2, '0')}T08:00:00.000Z`,
  status,
  code,
  doseId,
});

/** February 2025: 28 days, starting on a Saturday. */
const marWith = (over: Partial<Mar> = {}): Mar => {
  const morning: (MarCell | null)[] = Array.from({ length: 28 }, () => null);
  morning[0] = cell(1, 'given', 'GK', 1);
  morning[1] = cell(2, 'given-late', 'GK L', 2);
  morning[2] = cell(3, 'refused', 'R', 3);
  morning[3] = cell(4, 'not-given', 'S', 4);
  morning[4] = cell(5, 'missed', 'M');
  morning[5] = cell(6, 'upcoming', '');
  const evening: (MarCell | null)[] = Array.from({ length: 28 }, (_, i) =>
    cell(i + 1, 'given', 'PL', 100 + i),
  );
  return {
    patient: { id: 7, name: 'Edna Moss', dateOfBirth: '1940-02-03' },
    month: '2025-02',
    timeZone: 'Europe/London',
    days: 28,
    rows: [
      {
        prescriptionId: 11,
        medication: 'Metformin',
        dosage: '500 mg',
        route: 'oral',
        instructions: 'With food',
        time: '08:00',
        cells: morning,
      },
      {
        prescriptionId: 11,
        medication: 'Metformin',
        dosage: '500 mg',
        route: 'oral',
        instructions: 'With food',
        time: '20:00',
        cells: evening,
      },
    ],
    prn: [],
    adherence: {
      days7: { given: 6, scheduled: 8, ratio: 0.75 },
      days30: { given: 0, scheduled: 0, ratio: null },
    },
    ...over,
  };
};

describe('MAR months', () => {
  it('moves across year ends and checks the format and bounds the API takes', () => {
    expect(shiftMonth('2025-01', -1)).toBe('2024-12');
    expect(shiftMonth('2024-12', 1)).toBe('2025-01');
    expect(shiftMonth('2025-03', 13)).toBe('2026-04');
    expect(isMarMonth('2025-02')).toBe(true);
    expect(isMarMonth('2025-13')).toBe(false);
    expect(isMarMonth('2025-2')).toBe(false);
    expect(isMarMonth('1899-12')).toBe(false);
    expect(monthLabel('2025-02')).toBe('February 2025');
    expect(weekdayOf('2025-02', 1)).toBe(6);
    expect(weekdayOf('2025-02', 2)).toBe(7);
  });
});

describe('MarGrid', () => {
  it('is a captioned table with one column per day and a row group per prescription', () => {
    render(<MarGrid mar={marWith()} today="2025-02-04" />);
    const region = screen.getByRole('region', { name: marChartTexts.scrollLabel });
    // Keyboard users can reach the sideways scroll.
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table', {
      name: marChartTexts.caption('Edna Moss', 'February 2025'),
    });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers).toHaveLength(2 + 28);
    expect(headers[2]).toHaveTextContent('1Sat');
    expect(headers[2]).toHaveAttribute('abbr', 'Saturday, February 1');
    expect(table.querySelector('[aria-current="date"]')).toHaveAttribute(
      'abbr',
      'Tuesday, February 4',
    );
    const medication = within(table).getByRole('rowheader', { name: /Metformin/ });
    expect(medication).toHaveAttribute('scope', 'rowgroup');
    expect(medication).toHaveAttribute('rowspan', '2');
    expect(medication).toHaveTextContent('Metformin500 mg · OralWith food');
    expect(within(table).getByRole('rowheader', { name: '08:00' })).toHaveAttribute('scope', 'row');
    expect(within(table).getByRole('rowheader', { name: '20:00' })).toBeInTheDocument();
  });

  it('shows every outcome by its letters as well as its colour, and a dash with no dose', () => {
    render(<MarGrid mar={marWith()} today={null} />);
    const morning = screen.getAllByRole('row')[1]!;
    const cells = within(morning).getAllByRole('cell');
    expect(cells).toHaveLength(28);
    const shown = cells.slice(0, 8).map((c) => c.querySelector('.mar-code')?.textContent ?? '');
    expect(shown).toEqual(['GK', 'GK L', 'R', 'S', 'M', '', '–', '–']);
    // Each outcome has a colour class of its own, and the same words for screen readers.
    expect(cells[0]!.querySelector('.mar-tone-given')).not.toBeNull();
    expect(cells[1]!.querySelector('.mar-tone-late')).not.toBeNull();
    expect(cells[2]!.querySelector('.mar-tone-refused')).not.toBeNull();
    expect(cells[3]!.querySelector('.mar-tone-notGiven')).not.toBeNull();
    expect(cells[4]!.querySelector('.mar-tone-missed')).not.toBeNull();
    expect(cells[3]).toHaveAttribute('title', `${doseTexts.marCodes.asleep} (S)`);
    expect(cells[3]).toHaveTextContent(`${doseTexts.marCodes.asleep} (S)`);
    expect(cells[5]).toHaveTextContent(marChartTexts.notYetRecorded);
    expect(cells[6]).toHaveTextContent(marChartTexts.noDose);
  });

  it('says in words what each cell holds', () => {
    expect(describeCell(null)).toBe(marChartTexts.noDose);
    expect(describeCell(cell(1, 'given', 'GK'))).toBe('Given (GK)');
    expect(describeCell(cell(1, 'given-late', 'GK L'))).toBe('Given late (GK L)');
    expect(describeCell(cell(1, 'refused', 'R'))).toBe('Refused (R)');
    expect(describeCell(cell(1, 'not-given', 'W'))).toBe(`${doseTexts.marCodes.withheld} (W)`);
    expect(describeCell(cell(1, 'missed', 'M'))).toBe(`${doseTexts.marCodes.missed} (M)`);
    expect(describeCell(cell(1, 'late', ''))).toBe(marChartTexts.notYetRecorded);
  });
});

describe('MarLegend, MarPrnList, MarAdherence', () => {
  it('explains every code of the grid', () => {
    render(<MarLegend />);
    const legend = screen.getByRole('region', { name: doseTexts.marLegend });
    for (const text of Object.values(doseTexts.marCodes)) {
      expect(within(legend).getByText(text)).toBeInTheDocument();
    }
    expect(within(legend).getByText(marChartTexts.legendNoDose)).toBeInTheDocument();
    for (const code of ['R', 'S', 'A', 'H', 'N', 'O', 'W', 'X', 'M']) {
      expect(within(legend).getAllByText(code).length).toBeGreaterThan(0);
    }
  });

  it('lists as-needed doses with time in the agency zone, reason and who, or says there are none', () => {
    const { rerender } = render(<MarPrnList mar={marWith()} />);
    expect(screen.getByText(doseTexts.marNoPrn)).toBeInTheDocument();
    rerender(
      <MarPrnList
        mar={marWith({
          prn: [
            {
              doseId: 9,
              prescriptionId: 12,
              medication: 'Paracetamol',
              dosage: '1 g',
              givenAt: '2025-02-10T14:15:00.000Z',
              prnReason: 'Headache',
              note: 'Asked for it after lunch',
              recordedByName: 'Grace Kelford',
              initials: 'GK',
            },
          ],
        })}
      />,
    );
    const row = screen.getByRole('row', { name: /Paracetamol/ });
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Feb 10, 2025, 02:15 PM');
    expect(row).toHaveTextContent('Paracetamol · 1 g');
    expect(row).toHaveTextContent('HeadacheAsked for it after lunch');
    expect(row).toHaveTextContent('Grace Kelford (GK)');
  });

  it('gives adherence over 7 and 30 days', () => {
    render(<MarAdherence mar={marWith()} />);
    const section = screen.getByRole('region', { name: doseTexts.adherence });
    expect(section).toHaveTextContent(`${doseTexts.adherence7}${doseTexts.adherenceValue(6, 8)}`);
    expect(section).toHaveTextContent('75% (6 of 8)');
    expect(section).toHaveTextContent(`${doseTexts.adherence30}No doses scheduled`);
  });
});
