import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import {
  addDays,
  addMonths,
  addYears,
  endOfWeek,
  isSameDay,
  isSameMonth,
  startOfMonth,
  startOfWeek,
  startOfYear,
} from 'date-fns';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Calendar, { type TileArgs } from 'react-calendar';
import 'react-calendar/dist/Calendar.css';
import {
  dateFormatter,
  deviceTimeZone,
  displayZoneDate,
  fromDateTimeLocal,
  getDisplayTimeZone,
  zoneAbbreviation,
} from '../../shared/format.ts';
import { appointmentStatusLabels, type AppointmentStatus } from '../../shared/constants.ts';
import { readableTones } from '../lib/theme-tokens.ts';
import { visuallyHidden } from '../lib/visually-hidden.ts';

export type CalendarView = 'century' | 'decade' | 'year' | 'month';

/** The seed's lower limit: January 1 of year 1 (set with setFullYear: `new Date(1, 0)` is 1901). */
export const calendarMinDate: Date = (() => {
  const date = new Date(2000, 0, 1, 0, 0, 0, 0);
  date.setFullYear(1, 0, 1);
  return date;
})();

/** The seed's upper limit: the largest date JavaScript can represent. */
export const calendarMaxDate = new Date(8.64e15);

/** The span of time a calendar view shows: [from, to). */
export interface CalendarRange {
  view: CalendarView;
  from: Date;
  to: Date;
}

/**
 * The span a view shows from its first date: a month with the neighbouring days it may show,
 * a year, a decade or a century.
 */
export function rangeForView(view: CalendarView, activeStartDate: Date): CalendarRange {
  switch (view) {
    case 'month': {
      const first = startOfMonth(activeStartDate);
      return { view, from: addDays(first, -7), to: addDays(addMonths(first, 1), 14) };
    }
    case 'year': {
      const first = startOfYear(activeStartDate);
      return { view, from: first, to: addYears(first, 1) };
    }
    case 'decade':
      return { view, from: activeStartDate, to: addYears(activeStartDate, 10) };
    case 'century':
      return { view, from: activeStartDate, to: addYears(activeStartDate, 100) };
  }
}

type Instant = Date | string | number;

/** An appointment as a calendar marks it: when, how long and, when known, its status. */
export interface CalendarAppointment {
  appointmentDate: Instant;
  durationMinutes?: number | null;
  status?: AppointmentStatus;
}

/** A mark: a bare point in time, or an appointment whose time, length and status are said. */
export type Markable = Instant | CalendarAppointment;

const isAppointment = (mark: Markable): mark is CalendarAppointment =>
  typeof mark === 'object' && !(mark instanceof Date);

const timeFormat = (timeZone: string) =>
  dateFormatter('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
    timeZone,
  });

const resolvedZone = (zone: string) =>
  dateFormatter('en-US', { timeZone: zone }).resolvedOptions().timeZone;

/**
 * An appointment's time and length in the display zone: '09:00 AM, 30 min'; with the zone's
 * short name when it is a chosen zone other than the device's ('09:00 AM NZDT, 30 min'), as
 * formatDateTime does.
 */
export function appointmentTimeText(
  value: Instant,
  durationMinutes: number | null | undefined,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const zone = getDisplayTimeZone();
  const time = timeFormat(zone).format(date);
  const shown =
    resolvedZone(zone) === resolvedZone(deviceTimeZone())
      ? time
      : `${time} ${zoneAbbreviation(date, zone)}`;
  return `${shown}, ${durationMinutes ?? 30} min`;
}

/** What screen readers hear of one appointment on a tile: '09:00 AM, 30 min, Cancelled'. */
const appointmentSaid = (a: CalendarAppointment) =>
  `${appointmentTimeText(a.appointmentDate, a.durationMinutes)}, ${
    appointmentStatusLabels[a.status ?? 'scheduled']
  }`;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The instant a calendar date stands for: its local fields (as the calendar gives them) read as
 * the wall clock of the display zone. Outside the years an instant can be written in, as is.
 */
export function displayZoneInstant(wall: Date): Date {
  const year = wall.getFullYear();
  if (year < 1 || year > 9999) return wall;
  const text = `${pad(year, 4)}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}T${pad(
    wall.getHours(),
  )}:${pad(wall.getMinutes())}:${pad(wall.getSeconds())}`;
  const iso = fromDateTimeLocal(text);
  return iso ? new Date(iso) : wall;
}

/**
 * The calendar day a date stands for (its local fields), in the display zone, as the instants
 * [from, to) that bound it: what to ask the server for the appointments of a chosen day.
 */
export function displayDayBounds(day: Date): { from: Date; to: Date } {
  const start = new Date(day);
  start.setHours(0, 0, 0, 0);
  return { from: displayZoneInstant(start), to: displayZoneInstant(addDays(start, 1)) };
}

// Keys by the wall clock of the display zone (marks are read through displayZoneDate): an
// appointment belongs to the day the viewer's times show, whatever the device's zone.
const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
const monthKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}`;
const yearKey = (d: Date) => String(d.getFullYear());
const decadeKey = (d: Date) => String(Math.floor((d.getFullYear() - 1) / 10));

const keyFor: Record<CalendarView, (d: Date) => string> = {
  month: dayKey,
  year: monthKey,
  decade: yearKey,
  century: decadeKey,
};

/** Whether two points in time fall on the same tile of a view (day, month, year, decade). */
export function sameTile(view: CalendarView, a: Date, b: Date): boolean {
  return keyFor[view](a) === keyFor[view](b);
}

/**
 * The screen-reader words of a day that holds appointments: ', has appointments: 2', and on a
 * day of the month view each appointment whose status is known:
 * ', has appointments: 2: 09:00 AM, 30 min, Scheduled; 10:00 AM, 45 min, Cancelled'.
 */
const appointmentsMark = (count: number, detailed: readonly CalendarAppointment[] = []) =>
  detailed.length > 0
    ? `, has appointments: ${count}: ${detailed.map(appointmentSaid).join('; ')}`
    : `, has appointments: ${count}`;

/** The tile's visible sign of one appointment: a dot, a tick, a ring or a struck dot. */
const statusMarkClass = (status: AppointmentStatus | undefined) =>
  `appointment-mark appointment-mark--${status ?? 'scheduled'}`;

/** How many appointments a day tile draws a sign for; more are said as '+2'. */
const MAX_TILE_SIGNS = 3;

/** A day of the month view, as the class its tile carries: 'day-2026-10-23' (month from 0). */
const dayClass = (d: Date) => `day-${dayKey(d)}`;

function dayOfTile(tile: Element): Date | null {
  const match = /(?:^|\s)day-(\d+)-(\d+)-(\d+)(?:\s|$)/.exec(tile.className);
  if (!match) return null;
  const date = new Date(2000, 0, 1, 0, 0, 0, 0);
  date.setFullYear(Number(match[1]), Number(match[2]), Number(match[3]));
  return date;
}

const yearText = (year: number) => {
  const date = new Date(2000, 0, 1, 12);
  date.setFullYear(year);
  return dateFormatter('en-US', { year: 'numeric' }).format(date);
};

/**
 * What the navigation label shows for a view, as react-calendar writes it: 'November 2026',
 * '2026', '2021 – 2030', '2001 – 2100'.
 */
export function viewLabel(view: CalendarView, activeStartDate: Date): string {
  const year = activeStartDate.getFullYear();
  switch (view) {
    case 'month': {
      const date = new Date(activeStartDate);
      date.setHours(12);
      return dateFormatter('en-US', { month: 'long', year: 'numeric' }).format(date);
    }
    case 'year':
      return yearText(year);
    case 'decade': {
      const start = year + ((-year + 1) % 10);
      return `${yearText(start)} – ${yearText(start + 9)}`;
    }
    case 'century': {
      const start = year + ((-year + 1) % 100);
      return `${yearText(start)} – ${yearText(start + 99)}`;
    }
  }
}

/** Where a key moves the focused day of the month view; null for other keys. */
export function dayAfterKey(day: Date, key: string, shiftKey = false): Date | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    // Weeks start on Sunday, as the calendar shows them (en-US).
    case 'Home':
      return startOfWeek(day, { weekStartsOn: 0 });
    case 'End': {
      const end = endOfWeek(day, { weekStartsOn: 0 });
      end.setHours(0, 0, 0, 0);
      return end;
    }
    case 'PageUp':
      return shiftKey ? addYears(day, -1) : addMonths(day, -1);
    case 'PageDown':
      return shiftKey ? addYears(day, 1) : addMonths(day, 1);
    default:
      return null;
  }
}

interface AppointmentCalendarProps {
  /**
   * The points in time that hold appointments; their days (months, years) are marked, by the
   * display zone's calendar. Appointments given with their length and status are drawn on
   * their day by status and said one by one ('09:00 AM, 30 min, Cancelled').
   */
  marks: readonly Markable[];
  /** The chosen day, highlighted. */
  selected: Date | null;
  onSelectDay(day: Date): void;
  /** Told the span on screen whenever the view or the page changes (to load its marks). */
  onRangeChange?(range: CalendarRange): void;
  showWeekNumbers?: boolean;
  showNeighboringMonth?: boolean;
  /** Names the calendar for screen readers. */
  label?: string;
  /**
   * What screen readers hear after a marked tile's date; ', has appointments: 2' unless given
   * (a calendar that also marks reminders says what the tile holds).
   */
  markLabel?: (date: Date, view: CalendarView) => string;
}

/**
 * The seed's appointment calendar (react-calendar): century, decade, year and month views with
 * drill up and down, year 1 to the largest date, navigation by 1, 10 or 100 years or 12 months
 * (the double arrows), days that hold appointments marked with a dot and an accessible label
 * (`markLabel` when the marks are something else).
 * The month's days are one Tab stop: the arrow keys move a day or a week, Home and End to the
 * start and end of the week, Page Up and Page Down a month (with Shift a year), the view
 * following into the next month; Enter or Space chooses the day.
 * Styled with the app theme, dark mode included.
 */
export function AppointmentCalendar({
  marks,
  selected,
  onSelectDay,
  onRangeChange,
  showWeekNumbers = false,
  showNeighboringMonth = true,
  label = 'Appointment Calendar',
  markLabel,
}: AppointmentCalendarProps) {
  const [initialStart] = useState(() => startOfMonth(selected ?? displayZoneDate(new Date())));
  const [activeStartDate, setActiveStartDate] = useState(initialStart);
  const [view, setView] = useState<CalendarView>('month');
  // The day that holds the month's one Tab stop, moved by the arrow keys.
  const [focusDay, setFocusDay] = useState<Date | null>(null);
  const focusPending = useRef(false);
  const root = useRef<HTMLDivElement>(null);

  const { marked, dayAppointments } = useMemo(() => {
    const counts: Record<CalendarView, Map<string, number>> = {
      month: new Map(),
      year: new Map(),
      decade: new Map(),
      century: new Map(),
    };
    // The appointments of each day of the month view, soonest first, for its signs and words.
    const days = new Map<string, { at: number; appointment: CalendarAppointment }[]>();
    for (const mark of marks) {
      const at = isAppointment(mark) ? mark.appointmentDate : mark;
      const instant = at instanceof Date ? at : new Date(at);
      if (Number.isNaN(instant.getTime())) continue;
      const date = displayZoneDate(instant);
      for (const v of Object.keys(counts) as CalendarView[]) {
        const key = keyFor[v](date);
        counts[v].set(key, (counts[v].get(key) ?? 0) + 1);
      }
      if (isAppointment(mark)) {
        const key = dayKey(date);
        const list = days.get(key) ?? [];
        list.push({ at: instant.getTime(), appointment: mark });
        days.set(key, list);
      }
    }
    const sorted = new Map<string, CalendarAppointment[]>();
    for (const [key, list] of days) {
      sorted.set(
        key,
        list.sort((a, b) => a.at - b.at).map((entry) => entry.appointment),
      );
    }
    return { marked: counts, dayAppointments: sorted };
  }, [marks]);

  const rangeListener = useRef(onRangeChange);
  useEffect(() => {
    rangeListener.current = onRangeChange;
  });
  useEffect(() => {
    rangeListener.current?.(rangeForView('month', initialStart));
  }, [initialStart]);

  const markCount = ({ date, view }: TileArgs) => marked[view].get(keyFor[view](date)) ?? 0;
  const isMarked = (args: TileArgs) => markCount(args) > 0;

  // One day of the month is reachable by Tab (tabIndex 0), the others by the arrow keys: the
  // day last moved to, else the chosen day, today or the 1st, whichever the month shows.
  useLayoutEffect(() => {
    const tiles = root.current?.querySelectorAll<HTMLButtonElement>(
      '.react-calendar__month-view__days__day',
    );
    if (view !== 'month' || !tiles || tiles.length === 0) return;
    const target = [focusDay, selected, displayZoneDate(new Date()), activeStartDate].find(
      (day): day is Date => day !== null && isSameMonth(day, activeStartDate),
    )!;
    const targetClass = dayClass(target);
    let focusTile: HTMLButtonElement | null = null;
    for (const tile of tiles) {
      const isTarget = tile.classList.contains(targetClass);
      tile.tabIndex = isTarget ? 0 : -1;
      if (isTarget) focusTile = tile;
    }
    if (focusPending.current && focusTile) {
      focusPending.current = false;
      focusTile.focus();
    }
  });

  const showMonthOf = (day: Date) => {
    const start = startOfMonth(day);
    setActiveStartDate(start);
    onRangeChange?.(rangeForView('month', start));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (view !== 'month' || event.altKey || event.ctrlKey || event.metaKey) return;
    const tile = (event.target as HTMLElement).closest('.react-calendar__month-view__days__day');
    const day = tile && dayOfTile(tile);
    if (!day) return;
    const next = dayAfterKey(day, event.key, event.shiftKey);
    if (!next || next < calendarMinDate || next > calendarMaxDate) return;
    event.preventDefault();
    focusPending.current = true;
    setFocusDay(next);
    if (!isSameMonth(next, activeStartDate)) showMonthOf(next);
  };

  return (
    <Box
      ref={root}
      role="group"
      aria-label={label}
      onKeyDown={onKeyDown}
      sx={(theme) => ({
        '& .react-calendar': {
          width: '100%',
          maxWidth: 560,
          border: 'none',
          borderRadius: 3,
          // The card behind shows through (in dark mode MUI lightens raised paper).
          backgroundColor: 'transparent',
          color: 'text.primary',
          fontFamily: theme.typography.fontFamily,
          fontSize: '1rem',
          lineHeight: 1.4,
        },
        '& .react-calendar button': { font: 'inherit' },
        // Large text wraps the month's name rather than running into the arrows.
        '& .react-calendar__navigation': { height: 'auto', minHeight: 52, mb: 1, gap: 0.5 },
        '& .react-calendar__navigation__label': {
          whiteSpace: 'normal',
          lineHeight: 1.2,
          minWidth: 0,
        },
        '& .react-calendar__navigation button': {
          minWidth: 44,
          borderRadius: 2,
          fontSize: '1.1rem',
          fontWeight: 500,
          color: 'text.primary',
          backgroundColor: 'transparent',
        },
        '& .react-calendar__navigation button:disabled': {
          backgroundColor: 'transparent',
          color: 'text.disabled',
        },
        '& .react-calendar__navigation button:enabled:hover, & .react-calendar__tile:enabled:hover':
          { backgroundColor: 'action.hover' },
        '& .react-calendar button:focus-visible': {
          outline: `3px solid ${theme.palette.primary.main}`,
          outlineOffset: -3,
        },
        // The chosen day is filled with that blue: its ring goes around it instead.
        '& .react-calendar button.react-calendar__tile--active:focus-visible, & .react-calendar button.react-calendar__tile--hasActive:focus-visible':
          { outlineOffset: 2, position: 'relative', zIndex: 1 },
        '& .react-calendar__navigation button:enabled:focus, & .react-calendar__tile:enabled:focus':
          { backgroundColor: 'action.hover' },
        '& .react-calendar__month-view__weekdays': {
          color: 'text.secondary',
          fontSize: '0.8rem',
        },
        '& .react-calendar__month-view__weekdays abbr': { textDecoration: 'none' },
        '& .react-calendar__month-view__weekdays__weekday': {
          padding: '0.5em 0',
          overflow: 'visible',
        },
        '& .react-calendar__month-view__weekNumbers .react-calendar__tile': {
          color: 'text.secondary',
        },
        '& .react-calendar__tile': {
          position: 'relative',
          minHeight: 52,
          borderRadius: 2,
          // Little side padding and no clipping: a day's number stays whole at the largest text.
          padding: '0.9em 0.1em',
          overflow: 'visible',
          color: 'text.primary',
          backgroundColor: 'transparent',
        },
        // Days of the neighbouring months and decades are quieter but still readable (the
        // secondary text colour reaches 4.5:1; faded further it would not).
        '& .react-calendar__month-view__days__day--neighboringMonth, & .react-calendar__decade-view__years__year--neighboringDecade, & .react-calendar__century-view__decades__decade--neighboringCentury':
          { color: 'text.secondary' },
        '& .react-calendar__tile:disabled': {
          backgroundColor: 'action.disabledBackground',
          color: 'text.disabled',
        },
        // Today is the display zone's today (`zone-today`), not the device's (the library's own
        // `--now`, which is left unmarked).
        '& .react-calendar__tile--now': { backgroundColor: 'transparent' },
        '& .zone-today': {
          backgroundColor: alpha(theme.palette.primary.main, 0.14),
        },
        // Today shown as a day of the neighbouring month (the last days of a month, in the next
        // month's view): the quieter colour on today's tint falls under 4.5:1 (4.47), so it
        // keeps the full text colour.
        '& .react-calendar__month-view__days__day--neighboringMonth.zone-today': {
          color: 'text.primary',
        },
        '& .zone-today:enabled:hover, & .zone-today:enabled:focus': {
          backgroundColor: alpha(theme.palette.primary.main, 0.24),
        },
        '& .react-calendar__tile--hasActive, & .react-calendar__tile--active, & .react-calendar__tile--active:enabled:hover, & .react-calendar__tile--active:enabled:focus':
          // The deeper blue: white day numbers on the seed's blue are too faint (3.3:1).
          { backgroundColor: readableTones.fill.primary, color: '#FFFFFF' },
        '& .has-appointments': { fontWeight: 700 },
        '& .appointment-dot': {
          position: 'absolute',
          left: '50%',
          bottom: 6,
          width: 7,
          height: 7,
          ml: '-3.5px',
          borderRadius: '50%',
          backgroundColor: 'success.main',
        },
        '& .react-calendar__tile--active .appointment-dot, & .react-calendar__tile--hasActive .appointment-dot':
          { backgroundColor: '#FFFFFF' },
        // A day's appointments by status, told apart by shape as well as colour: a dot
        // (scheduled), a tick (completed), a ring (no-show) and a struck-through ring (cancelled).
        '& .appointment-marks': {
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 3,
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'center',
          gap: '3px',
          lineHeight: 1,
        },
        '& .appointment-mark': {
          position: 'relative',
          display: 'inline-block',
          width: 8,
          height: 8,
          borderRadius: '50%',
          boxSizing: 'border-box',
          color: theme.palette.success.main,
        },
        '& .appointment-mark--scheduled': { backgroundColor: 'currentColor' },
        '& .appointment-mark--completed': {
          borderRadius: 0,
          width: 5,
          height: 9,
          mb: '2px',
          borderRight: '2px solid currentColor',
          borderBottom: '2px solid currentColor',
          transform: 'rotate(45deg)',
        },
        '& .appointment-mark--no-show': {
          border: '2px solid currentColor',
          color: theme.palette.warning.main,
        },
        '& .appointment-mark--cancelled': {
          border: '1.5px solid currentColor',
          color: theme.palette.text.secondary,
          '&::after': {
            content: '""',
            position: 'absolute',
            left: -2,
            right: -2,
            top: '50%',
            mt: '-0.75px',
            borderTop: '1.5px solid currentColor',
            transform: 'rotate(-45deg)',
          },
        },
        '& .appointment-more': { fontSize: '0.65rem', fontWeight: 700 },
        '& .react-calendar__tile--active .appointment-mark, & .react-calendar__tile--hasActive .appointment-mark, & .react-calendar__tile--active .appointment-more':
          { color: '#FFFFFF' },
      })}
    >
      <Calendar
        locale="en-US"
        minDetail="century"
        maxDetail="month"
        minDate={calendarMinDate}
        maxDate={calendarMaxDate}
        activeStartDate={activeStartDate}
        view={view}
        value={selected}
        onClickDay={(day) => {
          setFocusDay(day);
          onSelectDay(day);
        }}
        onActiveStartDateChange={({ activeStartDate: start, view: shown }) => {
          if (!start) return;
          setActiveStartDate(start);
          onRangeChange?.(rangeForView(shown, start));
        }}
        onViewChange={({ activeStartDate: start, view: shown }) => {
          setView(shown);
          if (!start) return;
          setActiveStartDate(start);
          onRangeChange?.(rangeForView(shown, start));
        }}
        showWeekNumbers={showWeekNumbers}
        showNeighboringMonth={showNeighboringMonth}
        tileClassName={(args) => {
          const classes = args.view === 'month' ? [dayClass(args.date)] : [];
          const today = displayZoneDate(new Date());
          if (
            (args.view === 'month' && isSameDay(args.date, today)) ||
            (args.view === 'year' && isSameMonth(args.date, today))
          ) {
            classes.push('zone-today');
          }
          if (isMarked(args)) classes.push('has-appointments');
          return classes;
        }}
        tileContent={(args) => {
          if (!isMarked(args)) return null;
          const detailed =
            args.view === 'month' ? (dayAppointments.get(dayKey(args.date)) ?? []) : [];
          const said = markLabel
            ? markLabel(args.date, args.view)
            : appointmentsMark(markCount(args), detailed);
          if (detailed.length === 0) {
            return (
              <>
                <span className="appointment-dot" aria-hidden="true" />
                <span style={visuallyHidden}>{said}</span>
              </>
            );
          }
          const more = detailed.length - MAX_TILE_SIGNS;
          return (
            <>
              {/* The words first: the signs' box would otherwise part them from the date. */}
              <span style={visuallyHidden}>{said}</span>
              <span className="appointment-marks" aria-hidden="true">
                {detailed.slice(0, MAX_TILE_SIGNS).map((appointment, index) => (
                  <span key={index} className={statusMarkClass(appointment.status)} />
                ))}
                {more > 0 && <span className="appointment-more">+{more}</span>}
              </span>
            </>
          );
        }}
        prevAriaLabel="Previous"
        prev2AriaLabel="Jump back"
        nextAriaLabel="Next"
        next2AriaLabel="Jump forward"
        // The button's name starts with what it shows (WCAG 2.5.3), then says what it does.
        navigationLabel={() => viewLabel(view, activeStartDate)}
        navigationAriaLabel={`${viewLabel(view, activeStartDate)}, change the view`}
      />
    </Box>
  );
}
