import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceTimeZone, setDisplayTimeZone } from '../../shared/format.ts';
import {
  AppointmentCalendar,
  appointmentTimeText,
  calendarMaxDate,
  calendarMinDate,
  dayAfterKey,
  displayDayBounds,
  rangeForView,
  viewLabel,
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
    // The number is said too: the dot's colour is not the only sign.
    expect(
      screen.getByRole('button', { name: 'December 5, 2024, has appointments: 2' }),
    ).toBeInTheDocument();
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
    const label = screen.getByRole('button', { name: /change the view/ });
    // Its name starts with what it shows (WCAG 2.5.3).
    expect(label).toHaveAccessibleName('December 2024, change the view');
    expect(label).toHaveTextContent(/^December 2024$/);
    fireEvent.click(label);
    expect(screen.getByRole('button', { name: /December 2024.*has appointments/ })).toBeVisible();
    fireEvent.click(label);
    expect(screen.getByRole('button', { name: /^2024.*has appointments/ })).toBeVisible();
    fireEvent.click(label);
    expect(label).toHaveTextContent('2001 – 2100');
    expect(label).toHaveAccessibleName('2001 – 2100, change the view');
    expect(label).toBeDisabled();
    expect(screen.getByRole('button', { name: /2021 – 2030.*has appointments/ })).toBeVisible();
    expect(onRangeChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ view: 'century', from: new Date(2001, 0, 1) }),
    );
  });

  it("keeps today's number in the full text colour when it shows as a day of the next month", () => {
    // 29 November, in December's view: a neighbouring month's day on today's tint, where the
    // quieter colour would fall under 4.5:1.
    vi.useFakeTimers({ now: new Date(2026, 10, 29, 10, 0), toFake: ['Date'] });
    try {
      render(
        <AppointmentCalendar marks={[]} selected={new Date(2026, 11, 8)} onSelectDay={() => {}} />,
      );
      const today = screen.getByRole('button', { name: /^November 29, 2026/ });
      expect(today).toHaveClass('zone-today');
      expect(today).toHaveClass('react-calendar__month-view__days__day--neighboringMonth');
      const other = screen.getByRole('button', { name: /^November 30, 2026/ });
      expect(getComputedStyle(other).color).toBe('rgba(0, 0, 0, 0.6)');
      expect(getComputedStyle(today).color).toBe('rgba(0, 0, 0, 0.87)');
    } finally {
      vi.useRealTimers();
    }
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

describe('AppointmentCalendar with appointments as they happen', () => {
  it("draws and says each appointment's time, length and status on its day", () => {
    render(
      <AppointmentCalendar
        marks={[
          // Given out of order: the day says them soonest first.
          {
            appointmentDate: new Date(2024, 11, 5, 14, 15).toISOString(),
            durationMinutes: 45,
            status: 'cancelled',
          },
          {
            appointmentDate: new Date(2024, 11, 5, 9, 0),
            durationMinutes: 30,
            status: 'scheduled',
          },
          { appointmentDate: new Date(2024, 11, 5, 11, 0), durationMinutes: 60, status: 'no-show' },
          {
            appointmentDate: new Date(2024, 11, 9, 10, 0),
            durationMinutes: 20,
            status: 'completed',
          },
        ]}
        selected={december}
        onSelectDay={() => undefined}
      />,
    );
    const fifth = screen.getByRole('button', {
      name:
        'December 5, 2024, has appointments: 3: 09:00 AM, 30 min, Scheduled; ' +
        '11:00 AM, 60 min, No-show; 02:15 PM, 45 min, Cancelled',
    });
    // Told apart by shape, not colour only: a dot, a ring and a struck ring, in time order.
    expect(
      Array.from(fifth.querySelectorAll('.appointment-mark')).map((mark) => mark.className),
    ).toEqual([
      'appointment-mark appointment-mark--scheduled',
      'appointment-mark appointment-mark--no-show',
      'appointment-mark appointment-mark--cancelled',
    ]);
    const ninth = screen.getByRole('button', {
      name: 'December 9, 2024, has appointments: 1: 10:00 AM, 20 min, Completed',
    });
    expect(ninth.querySelector('.appointment-mark--completed')).not.toBeNull();
    expect(screen.getAllByRole('button', { name: /has appointments/ })).toHaveLength(2);
  });

  it('draws at most three signs on a day and counts the others', () => {
    const at = (hour: number) => ({
      appointmentDate: new Date(2024, 11, 12, hour, 0),
      durationMinutes: 30,
      status: 'scheduled' as const,
    });
    render(
      <AppointmentCalendar
        marks={[at(8), at(9), at(10), at(11), at(12)]}
        selected={december}
        onSelectDay={() => undefined}
      />,
    );
    const day = screen.getByRole('button', { name: /^December 12, 2024, has appointments: 5: / });
    expect(day.querySelectorAll('.appointment-mark')).toHaveLength(3);
    expect(day.querySelector('.appointment-more')).toHaveTextContent('+2');
  });

  it('writes a time and length as the day list shows them', () => {
    expect(appointmentTimeText(new Date(2024, 11, 5, 9, 0), 30)).toBe('09:00 AM, 30 min');
    expect(appointmentTimeText(new Date(2024, 11, 5, 21, 5), undefined)).toBe('09:05 PM, 30 min');
    expect(appointmentTimeText('not a date', 30)).toBe('');
  });
});

describe('AppointmentCalendar in the chosen display zone', () => {
  // Auckland is 13 hours ahead of UTC in December; a device there would not tell the days
  // apart, so the test takes the other side of the world then.
  const zone =
    new Intl.DateTimeFormat('en-US', { timeZone: deviceTimeZone() }).resolvedOptions().timeZone ===
    'Pacific/Auckland'
      ? 'America/Los_Angeles'
      : 'Pacific/Auckland';
  afterEach(() => setDisplayTimeZone(undefined));

  it("puts an appointment on the display zone's day, not the device's", () => {
    // 20:30 UTC on December 5: December 6, 09:30 in Auckland; December 5, 12:30 in Los Angeles.
    const instant = '2024-12-05T20:30:00.000Z';
    const zoneDay = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(instant));
    const deviceDay = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(instant));
    expect(zoneDay).not.toBe(deviceDay);
    const zoneTime = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    }).format(new Date(instant));

    setDisplayTimeZone(zone);
    render(
      <AppointmentCalendar
        marks={[{ appointmentDate: instant, durationMinutes: 30, status: 'scheduled' }]}
        selected={december}
        onSelectDay={() => undefined}
      />,
    );
    const marked = screen.getAllByRole('button', { name: /has appointments/ });
    expect(marked).toHaveLength(1);
    expect(marked[0]).toHaveAccessibleName(
      new RegExp(`^${zoneDay}, has appointments: 1: ${zoneTime} \\S+, 30 min, Scheduled$`),
    );
    expect(screen.getByRole('button', { name: deviceDay })).not.toHaveClass('has-appointments');
  });

  it("marks bare instants (the reminders calendar's) by the display zone's day too", () => {
    setDisplayTimeZone('Pacific/Auckland');
    render(
      <AppointmentCalendar
        // 11:30 UTC on December 31, 2024: already January 1, 2025 in Auckland.
        marks={['2024-12-31T11:30:00.000Z']}
        selected={new Date(2025, 0, 1)}
        onSelectDay={() => undefined}
      />,
    );
    expect(
      screen.getByRole('button', { name: 'January 1, 2025, has appointments: 1' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /has appointments/ })).toHaveLength(1);
  });

  it("bounds a chosen day by the display zone's midnights", () => {
    setDisplayTimeZone('Pacific/Auckland');
    const { from, to } = displayDayBounds(new Date(2024, 11, 6, 15, 0));
    expect(from.toISOString()).toBe('2024-12-05T11:00:00.000Z');
    expect(to.toISOString()).toBe('2024-12-06T11:00:00.000Z');
    // The clocks go back in April: that day is 25 hours long there.
    const autumn = displayDayBounds(new Date(2025, 3, 6));
    expect(autumn.from.toISOString()).toBe('2025-04-05T11:00:00.000Z');
    expect(autumn.to.toISOString()).toBe('2025-04-06T12:00:00.000Z');
  });
});

/** The month view's day buttons, and the ones Tab reaches. */
const dayTiles = () =>
  Array.from(
    document.querySelectorAll<HTMLButtonElement>('.react-calendar__month-view__days__day'),
  );
const tabStops = () => dayTiles().filter((tile) => tile.tabIndex === 0);

describe('AppointmentCalendar by keyboard', () => {
  it('is one Tab stop, on the chosen day, with the month navigation still reachable', async () => {
    render(
      <>
        <button type="button">before</button>
        <AppointmentCalendar
          marks={[]}
          selected={new Date(2024, 11, 18)}
          onSelectDay={() => undefined}
        />
      </>,
    );
    expect(dayTiles().length).toBeGreaterThan(28);
    expect(tabStops()).toHaveLength(1);
    expect(tabStops()[0]).toHaveAccessibleName('December 18, 2024');

    const user = userEvent.setup();
    screen.getByRole('button', { name: 'before' }).focus();
    // «, ‹, the label, ›, », then the one day.
    for (let i = 0; i < 5; i += 1) await user.tab();
    expect(document.activeElement).toHaveAccessibleName('Jump forward');
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName('December 18, 2024');
    await user.tab();
    expect(document.activeElement).toBe(document.body);
  });

  it('moves by day, week and to the ends of the week with the arrows, Home and End', async () => {
    render(
      <AppointmentCalendar
        marks={[]}
        selected={new Date(2024, 11, 18)}
        onSelectDay={() => undefined}
      />,
    );
    const user = userEvent.setup();
    tabStops()[0]!.focus();
    const focused = () => (document.activeElement as HTMLElement).textContent;
    const expectFocusOn = (name: string) => {
      expect(document.activeElement).toHaveAccessibleName(name);
      expect(tabStops()).toEqual([document.activeElement]);
    };
    await user.keyboard('{ArrowRight}');
    expectFocusOn('December 19, 2024');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expectFocusOn('December 17, 2024');
    await user.keyboard('{ArrowDown}');
    expectFocusOn('December 24, 2024');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expectFocusOn('December 10, 2024');
    // Weeks run Sunday to Saturday, as the calendar shows them.
    await user.keyboard('{Home}');
    expectFocusOn('December 8, 2024');
    await user.keyboard('{End}');
    expectFocusOn('December 14, 2024');
    expect(focused()).toBe('14');
  });

  it('follows into the next or previous month, by arrow or Page Up and Page Down', async () => {
    const onRangeChange = vi.fn();
    render(
      <AppointmentCalendar
        marks={[new Date(2025, 0, 29, 9, 0)]}
        selected={new Date(2024, 11, 30)}
        onSelectDay={() => undefined}
        onRangeChange={onRangeChange}
      />,
    );
    const label = screen.getByRole('button', { name: /change the view/ });
    const user = userEvent.setup();
    tabStops()[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(label).toHaveTextContent(/^January 2025$/);
    expect(document.activeElement).toHaveAccessibleName('January 6, 2025');
    expect(onRangeChange).toHaveBeenLastCalledWith(rangeForView('month', new Date(2025, 0, 1)));

    await user.keyboard('{PageDown}');
    expect(label).toHaveTextContent(/^February 2025$/);
    expect(document.activeElement).toHaveAccessibleName('February 6, 2025');
    expect(tabStops()).toEqual([document.activeElement]);

    await user.keyboard('{PageUp}{PageUp}');
    expect(label).toHaveTextContent(/^December 2024$/);
    expect(document.activeElement).toHaveAccessibleName('December 6, 2024');

    await user.keyboard('{Shift>}{PageDown}{/Shift}');
    expect(label).toHaveTextContent(/^December 2025$/);
    expect(document.activeElement).toHaveAccessibleName('December 6, 2025');
  });

  it('chooses the focused day with Enter or Space, as a click does', async () => {
    const onSelectDay = vi.fn();
    render(<AppointmentCalendar marks={[]} selected={december} onSelectDay={onSelectDay} />);
    const user = userEvent.setup();
    tabStops()[0]!.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(onSelectDay).toHaveBeenLastCalledWith(new Date(2024, 11, 3));
    await user.keyboard('{ArrowDown} ');
    expect(onSelectDay).toHaveBeenLastCalledWith(new Date(2024, 11, 10));
    expect(onSelectDay).toHaveBeenCalledTimes(2);
  });

  it('after the month buttons, offers the chosen day, else today, else the 1st', async () => {
    render(
      <AppointmentCalendar
        marks={[]}
        selected={new Date(2024, 11, 18)}
        onSelectDay={() => undefined}
      />,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    });
    expect(tabStops()).toHaveLength(1);
    expect(tabStops()[0]).toHaveAccessibleName('January 1, 2025');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(tabStops()[0]).toHaveAccessibleName('December 18, 2024');
  });

  it('names the views as it shows them, and moves days by key', () => {
    expect(viewLabel('month', new Date(2026, 10, 1))).toBe('November 2026');
    expect(viewLabel('year', new Date(2026, 0, 1))).toBe('2026');
    expect(viewLabel('decade', new Date(2021, 0, 1))).toBe('2021 – 2030');
    expect(viewLabel('century', new Date(2001, 0, 1))).toBe('2001 – 2100');
    const day = new Date(2024, 0, 31);
    expect(dayAfterKey(day, 'PageDown')).toEqual(new Date(2024, 1, 29));
    expect(dayAfterKey(day, 'PageUp', true)).toEqual(new Date(2023, 0, 31));
    expect(dayAfterKey(day, 'End')).toEqual(new Date(2024, 1, 3));
    expect(dayAfterKey(day, 'a')).toBeNull();
  });
});
