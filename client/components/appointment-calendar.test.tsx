import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AppointmentCalendar,
  calendarMaxDate,
  calendarMinDate,
  rangeForView,
} from './appointment-calendar.tsx';

const december = new Date(2024, 11, 1);

afterEach(cleanup);

describe('AppointmentCalendar', () => {
  it('marks the days that hold appointments with an accessible label', () => {
    render(
      <AppointmentCalendar
        marks={[new Date(2024, 11, 5, 10, 0), new Date(2024, 11, 5, 15, 0).toISOString()]}
        selected={december}
        onSelectDay={() => undefined}
      />,
    );
    expect(
      screen.getByRole('button', { name: /December 5, 2024.*has appointments/ }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /has appointments/ })).toHaveLength(1);
  });

  it('says what a marked day holds when given a mark label', () => {
    render(
      <AppointmentCalendar
        marks={[new Date(2024, 11, 6, 9, 0)]}
        selected={december}
        onSelectDay={() => undefined}
        markLabel={(date, view) => `, ${view} ${date.getDate()} has 1 reminder`}
      />,
    );
    expect(
      screen.getByRole('button', { name: /December 6, 2024.*month 6 has 1 reminder/ }),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: /has appointments/ })).toHaveLength(0);
  });

  it('tells which day was chosen', () => {
    const onSelectDay = vi.fn();
    render(<AppointmentCalendar marks={[]} selected={december} onSelectDay={onSelectDay} />);
    fireEvent.click(screen.getByRole('button', { name: 'December 9, 2024' }));
    expect(onSelectDay).toHaveBeenCalledWith(new Date(2024, 11, 9));
  });

  it('drills up to the century, marking the month, year and decade on the way', () => {
    const onRangeChange = vi.fn();
    render(
      <AppointmentCalendar
        marks={[new Date(2024, 11, 5, 10, 0)]}
        selected={december}
        onSelectDay={() => undefined}
        onRangeChange={onRangeChange}
      />,
    );
    const label = screen.getByRole('button', { name: 'Change the view' });
    fireEvent.click(label);
    expect(screen.getByRole('button', { name: /December 2024.*has appointments/ })).toBeVisible();
    fireEvent.click(label);
    expect(screen.getByRole('button', { name: /^2024.*has appointments/ })).toBeVisible();
    fireEvent.click(label);
    expect(label).toHaveTextContent('2001 – 2100');
    expect(label).toBeDisabled();
    expect(screen.getByRole('button', { name: /2021 – 2030.*has appointments/ })).toBeVisible();
    expect(onRangeChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ view: 'century', from: new Date(2001, 0, 1) }),
    );
  });

  it("uses the seed's limits: year 1 to the largest date", () => {
    expect(calendarMinDate.getFullYear()).toBe(1);
    expect(calendarMinDate.getMonth()).toBe(0);
    expect(calendarMinDate.getDate()).toBe(1);
    expect(calendarMaxDate.getTime()).toBe(8.64e15);
  });

  it('gives the span each view shows', () => {
    expect(rangeForView('year', new Date(2024, 5, 1))).toEqual({
      view: 'year',
      from: new Date(2024, 0, 1),
      to: new Date(2025, 0, 1),
    });
    const month = rangeForView('month', new Date(2024, 11, 1));
    expect(month.from.getTime()).toBeLessThan(new Date(2024, 11, 1).getTime());
    expect(month.to.getTime()).toBeGreaterThan(new Date(2025, 0, 1).getTime());
  });
});
