import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { allergyTexts, chartTexts, conditionTexts } from '../../../../shared/messages.ts';
import type { Allergy } from '../../../../shared/schemas/allergies.ts';
import { chartWith } from '../../../test/chart-kit.ts';
import { ChartHeader } from './chart-header.tsx';

afterEach(cleanup);

const allergy = (id: number, substance: string, reaction: string): Allergy => ({
  id,
  patientId: 7,
  patientName: 'Ada Moss',
  substance,
  reaction,
  onset: null,
  status: 'active',
  recordedBy: 2,
  recordedByName: 'Dr Alan Grey',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

describe('ChartHeader', () => {
  it('names the patient with age, date of birth and gender, the care team and whom to call', () => {
    render(<ChartHeader chart={chartWith({})} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Moss' })).toBeInTheDocument();
    expect(screen.getByText('84 years · Date of birth May 09, 1941 · Female')).toBeInTheDocument();
    const team = screen.getByRole('list', { name: chartTexts.careTeam });
    expect(
      within(team)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Alan Grey (Doctor)', 'Kim Lee (Caregiver)']);
    const call = screen.getByRole('link', {
      name: chartTexts.callContact('Tom Moss', '+1 (555) 010-2030'),
    });
    expect(call).toHaveAttribute('href', 'tel:+15550102030');
    expect(screen.getByText(conditionTexts.noneActive)).toBeInTheDocument();
  });

  it('lists each active allergy in the alert colour with its substance and reaction', () => {
    render(
      <ChartHeader
        chart={chartWith({
          allergyStatus: 'recorded',
          allergies: [allergy(1, 'Penicillin', 'Rash'), allergy(2, 'Latex', '')],
        })}
      />,
    );
    const list = screen.getByRole('list', { name: chartTexts.allergies });
    const chips = within(list).getAllByRole('listitem');
    expect(chips.map((li) => li.textContent)).toEqual(['Penicillin: Rash', 'Latex']);
    for (const li of chips) {
      expect(li.querySelector('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    }
    expect(screen.queryByText(allergyTexts.noKnownAllergies)).not.toBeInTheDocument();
    expect(screen.queryByText(allergyTexts.notRecorded)).not.toBeInTheDocument();
  });

  it('says "No known allergies" when a doctor recorded none, unlike "Allergies not recorded"', () => {
    render(<ChartHeader chart={chartWith({ allergyStatus: 'none' })} />);
    const none = screen.getByText(allergyTexts.noKnownAllergies).closest('.MuiChip-root');
    expect(none).toHaveClass('MuiChip-colorSuccess');
    expect(screen.queryByText(allergyTexts.notRecorded)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: chartTexts.allergies })).not.toBeInTheDocument();
    cleanup();

    render(<ChartHeader chart={chartWith({ allergyStatus: 'not-recorded' })} />);
    const unknown = screen.getByText(allergyTexts.notRecorded).closest('.MuiChip-root');
    expect(unknown).toHaveClass('MuiChip-colorWarning');
    expect(unknown).not.toHaveClass('MuiChip-colorSuccess');
    expect(screen.queryByText(allergyTexts.noKnownAllergies)).not.toBeInTheDocument();
  });

  it('lists the active conditions by name', () => {
    render(
      <ChartHeader
        chart={chartWith({
          conditions: [
            {
              id: 4,
              patientId: 7,
              patientName: 'Ada Moss',
              name: 'Type 2 diabetes',
              onset: '2010-01-01',
              status: 'active',
              note: '',
              recordedBy: 2,
              recordedByName: 'Dr Alan Grey',
              createdAt: '2025-01-01T00:00:00.000Z',
              updatedAt: '2025-01-01T00:00:00.000Z',
            },
          ],
        })}
      />,
    );
    const list = screen.getByRole('list', { name: chartTexts.conditions });
    expect(within(list).getByText('Type 2 diabetes')).toBeInTheDocument();
    expect(screen.queryByText(conditionTexts.noneActive)).not.toBeInTheDocument();
  });
});
