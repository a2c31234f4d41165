import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { addDays, addMonths, addYears, startOfMonth, startOfYear } from 'date-fns';
import { useEffect, useMemo, useRef, useState } from 'react';
import Calendar, { type TileArgs } from 'react-calendar';
import 'react-calendar/dist/Calendar.css';
import { readableTones } from '../lib/theme-tokens.ts';

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

type Markable = Date | string | number;

/** Text for screen readers only. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

// Keys in the viewer's own time zone: an appointment belongs to the day the viewer sees.
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

const appointmentsMark = () => ', has appointments';

interface AppointmentCalendarProps {
  /** The points in time that hold appointments; their days (months, years) are marked. */
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
   * What screen readers hear after a marked tile's date; ', has appointments' unless given (a
   * calendar that also marks reminders says what the tile holds).
   */
  markLabel?: (date: Date, view: CalendarView) => string;
}

/**
 * The seed's appointment calendar (react-calendar): century, decade, year and month views with
 * drill up and down, year 1 to the largest date, navigation by 1, 10 or 100 years or 12 months
 * (the double arrows), days that hold appointments marked with a dot and an accessible label
 * (`markLabel` when the marks are something else).
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
  markLabel = appointmentsMark,
}: AppointmentCalendarProps) {
  const [initialStart] = useState(() => startOfMonth(selected ?? new Date()));
  const marked = useMemo(() => {
    const sets: Record<CalendarView, Set<string>> = {
      month: new Set(),
      year: new Set(),
      decade: new Set(),
      century: new Set(),
    };
    for (const mark of marks) {
      const date = mark instanceof Date ? mark : new Date(mark);
      if (Number.isNaN(date.getTime())) continue;
      for (const view of Object.keys(sets) as CalendarView[]) sets[view].add(keyFor[view](date));
    }
    return sets;
  }, [marks]);

  const rangeListener = useRef(onRangeChange);
  useEffect(() => {
    rangeListener.current = onRangeChange;
  });
  useEffect(() => {
    rangeListener.current?.(rangeForView('month', initialStart));
  }, [initialStart]);

  const isMarked = ({ date, view }: TileArgs) => marked[view].has(keyFor[view](date));

  return (
    <Box
      role="group"
      aria-label={label}
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
        '& .react-calendar__navigation': { height: 52, mb: 1, gap: 0.5 },
        '& .react-calendar__navigation button': {
          minWidth: 48,
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
        '& .react-calendar__navigation button:enabled:focus, & .react-calendar__tile:enabled:focus':
          { backgroundColor: 'action.hover' },
        '& .react-calendar__month-view__weekdays': {
          color: 'text.secondary',
          fontSize: '0.8rem',
        },
        '& .react-calendar__month-view__weekdays abbr': { textDecoration: 'none' },
        '& .react-calendar__month-view__weekNumbers .react-calendar__tile': {
          color: 'text.secondary',
        },
        '& .react-calendar__tile': {
          position: 'relative',
          minHeight: 52,
          borderRadius: 2,
          padding: '0.9em 0.4em',
          color: 'text.primary',
          backgroundColor: 'transparent',
        },
        // Days of the neighbouring months and decades are quieter but still readable.
        '& .react-calendar__month-view__days__day--neighboringMonth, & .react-calendar__decade-view__years__year--neighboringDecade, & .react-calendar__century-view__decades__decade--neighboringCentury':
          { color: 'text.secondary', opacity: 0.7 },
        '& .react-calendar__tile:disabled': {
          backgroundColor: 'action.disabledBackground',
          color: 'text.disabled',
        },
        '& .react-calendar__tile--now': {
          backgroundColor: alpha(theme.palette.primary.main, 0.14),
        },
        '& .react-calendar__tile--now:enabled:hover, & .react-calendar__tile--now:enabled:focus': {
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
      })}
    >
      <Calendar
        locale="en-US"
        minDetail="century"
        maxDetail="month"
        minDate={calendarMinDate}
        maxDate={calendarMaxDate}
        defaultActiveStartDate={initialStart}
        value={selected}
        onClickDay={(day) => onSelectDay(day)}
        onActiveStartDateChange={({ activeStartDate, view }) => {
          if (activeStartDate) onRangeChange?.(rangeForView(view, activeStartDate));
        }}
        onViewChange={({ activeStartDate, view }) => {
          if (activeStartDate) onRangeChange?.(rangeForView(view, activeStartDate));
        }}
        showWeekNumbers={showWeekNumbers}
        showNeighboringMonth={showNeighboringMonth}
        tileClassName={(args) => (isMarked(args) ? 'has-appointments' : null)}
        tileContent={(args) =>
          isMarked(args) ? (
            <>
              <span className="appointment-dot" aria-hidden="true" />
              <span style={visuallyHidden}>{markLabel(args.date, args.view)}</span>
            </>
          ) : null
        }
        prevAriaLabel="Previous"
        prev2AriaLabel="Jump back"
        nextAriaLabel="Next"
        next2AriaLabel="Jump forward"
        navigationAriaLabel="Change the view"
      />
    </Box>
  );
}
