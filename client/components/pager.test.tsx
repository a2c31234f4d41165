import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pagerTexts } from '../../shared/messages.ts';
import { Pager } from './pager.tsx';

afterEach(cleanup);

function renderPager(count: number, page: number, rowsPerPage = 10) {
  const onPageChange = vi.fn();
  const onRowsPerPageChange = vi.fn();
  render(
    <Pager
      count={count}
      page={page}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={[10, 25, 50]}
      onPageChange={onPageChange}
      onRowsPerPageChange={onRowsPerPageChange}
    />,
  );
  return { onPageChange, onRowsPerPageChange };
}

describe('Pager', () => {
  it('says which rows are shown and moves a page either way', async () => {
    const { onPageChange } = renderPager(25, 1);
    expect(screen.getByText('11–20 of 25')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: pagerTexts.next }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: pagerTexts.previous }));
    expect(onPageChange).toHaveBeenLastCalledWith(0);
  });

  it('has no previous page on the first, no next page on the last', () => {
    renderPager(25, 2);
    expect(screen.getByText('21–25 of 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: pagerTexts.next })).toBeDisabled();
    expect(screen.getByRole('button', { name: pagerTexts.previous })).toBeEnabled();
    cleanup();
    renderPager(0, 0);
    expect(screen.getByText('0–0 of 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: pagerTexts.previous })).toBeDisabled();
    expect(screen.getByRole('button', { name: pagerTexts.next })).toBeDisabled();
  });

  it('offers the page sizes under its label and reports the one chosen', async () => {
    const { onRowsPerPageChange } = renderPager(120, 0, 25);
    const select = screen.getByRole('combobox', { name: pagerTexts.rowsPerPage });
    expect(select).toHaveValue('25');
    expect(
      screen.getAllByRole('option').map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['10', '25', '50']);
    await userEvent.selectOptions(select, '50');
    expect(onRowsPerPageChange).toHaveBeenCalledWith(50);
  });
});
