import { Box, Typography, useTheme } from '@mui/material';
import type { ReactNode } from 'react';
import { reasonCodes } from '../../../../shared/dose-schedule.ts';
import { chartTexts, doseTexts, marChartTexts } from '../../../../shared/messages.ts';
import { dateFormatter, formatDateTime } from '../../../../shared/format.ts';
import type { Mar, MarCell, NotGivenReason } from '../../../../shared/schemas/doses.ts';
import { dateOfDay, monthLabel, weekdayOf } from '../lib/mar-month.ts';

type Tone = 'given' | 'late' | 'refused' | 'notGiven' | 'missed';

/**
 * The colour of each outcome, light and dark. Colour only helps the eye: every cell also shows
 * its letters, and paper gets neither background nor colour. Each pair reads at 4.5:1 or more.
 */
const tones: Record<Tone, Record<'light' | 'dark', { bg: string; fg: string }>> = {
  given: { light: { bg: '#E3F4EA', fg: '#1B5E3A' }, dark: { bg: '#1F3D2E', fg: '#9BE3BF' } },
  late: { light: { bg: '#FFF0D1', fg: '#6E4300' }, dark: { bg: '#4A3A14', fg: '#FFD98A' } },
  refused: { light: { bg: '#FDE1E1', fg: '#9B1C1C' }, dark: { bg: '#4D2326', fg: '#FFB3B3' } },
  notGiven: { light: { bg: '#E5EBF5', fg: '#27456E' }, dark: { bg: '#24324A', fg: '#B3CCF2' } },
  missed: { light: { bg: '#C62828', fg: '#FFFFFF' }, dark: { bg: '#FF8A8A', fg: '#1E1F22' } },
};

const toneOfStatus: Partial<Record<MarCell['status'], Tone>> = {
  given: 'given',
  'given-late': 'late',
  refused: 'refused',
  'not-given': 'notGiven',
  missed: 'missed',
};

const reasonOfCode = new Map(
  Object.entries(reasonCodes).map(([reason, code]) => [code, reason as NotGivenReason]),
);

/** What a cell says in words (screen readers, the tooltip): the outcome, then its letters. */
export function describeCell(cell: MarCell | null): string {
  if (!cell) return marChartTexts.noDose;
  const reason = cell.status === 'not-given' ? reasonOfCode.get(cell.code) : undefined;
  const words = reason
    ? doseTexts.marCodes[reason]
    : cell.status === 'missed'
      ? doseTexts.marCodes.missed
      : cell.code
        ? doseTexts.statusLabels[cell.status]
        : marChartTexts.notYetRecorded;
  return marChartTexts.cellLabel(words, cell.code);
}

/** A letter box as cells and the legend draw it. */
function Code({ tone, children }: { tone: Tone | null; children: ReactNode }) {
  return (
    <span className={`mar-code${tone ? ` mar-tone-${tone}` : ''}`} aria-hidden="true">
      {children}
    </span>
  );
}

function Cell({ cell }: { cell: MarCell | null }) {
  const words = describeCell(cell);
  if (!cell) {
    return (
      <td className="mar-day mar-none" title={words}>
        <Code tone={null}>–</Code>
        <span className="mar-sr">{words}</span>
      </td>
    );
  }
  return (
    <td className="mar-day" title={words} data-status={cell.status}>
      {cell.code && <Code tone={toneOfStatus[cell.status] ?? null}>{cell.code}</Code>}
      <span className="mar-sr">{words}</span>
    </td>
  );
}

const weekdayShort = (month: string, day: number) =>
  doseTexts.weekdayLabels[weekdayOf(month, day) - 1]!;

const fullDate = (month: string, day: number) =>
  dateFormatter('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${dateOfDay(month, day)}T00:00:00Z`));

/**
 * The month's grid: one row per medication and time (a row group per prescription), one column
 * per day. It scrolls sideways on screen with the medication and time kept in view, and fits
 * one page width on paper (the page's print stylesheet).
 */
export function MarGrid({ mar, today }: { mar: Mar; today: string | null }) {
  const days = Array.from({ length: mar.days }, (_, index) => index + 1);
  const groups: Mar['rows'][] = [];
  const byPrescription = new Map<number, Mar['rows']>();
  for (const row of mar.rows) {
    let group = byPrescription.get(row.prescriptionId);
    if (!group) {
      group = [];
      byPrescription.set(row.prescriptionId, group);
      groups.push(group);
    }
    group.push(row);
  }
  return (
    <Box
      className="mar-scroll"
      tabIndex={0}
      role="region"
      aria-label={marChartTexts.scrollLabel}
      sx={{
        // Positioned, so the words kept for screen readers in far cells stay inside the scroll.
        position: 'relative',
        overflowX: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <table className="mar-grid">
        <caption className="mar-sr">
          {marChartTexts.caption(mar.patient.name, monthLabel(mar.month))}
        </caption>
        <colgroup>
          <col className="mar-col-med" />
          <col className="mar-col-time" />
          {days.map((day) => (
            <col key={day} className="mar-col-day" />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="mar-med">
              {doseTexts.marMedication}
            </th>
            <th scope="col" className="mar-time">
              {doseTexts.marTime}
            </th>
            {days.map((day) => {
              const isToday = today === dateOfDay(mar.month, day);
              return (
                <th
                  key={day}
                  scope="col"
                  abbr={fullDate(mar.month, day)}
                  aria-current={isToday ? 'date' : undefined}
                  className={`mar-day-head${isToday ? ' mar-today' : ''}`}
                >
                  <span aria-hidden="true">
                    <span className="mar-day-number">{day}</span>
                    <span className="mar-weekday">{weekdayShort(mar.month, day)}</span>
                  </span>
                  <span className="mar-sr">{fullDate(mar.month, day)}</span>
                </th>
              );
            })}
          </tr>
        </thead>
        {groups.map((group) => {
          const first = group[0]!;
          return (
            <tbody key={first.prescriptionId}>
              {group.map((row, index) => (
                <tr key={row.time}>
                  {index === 0 && (
                    <th scope="rowgroup" rowSpan={group.length} className="mar-med">
                      <span className="mar-med-name">{first.medication}</span>
                      <span className="mar-med-line">
                        {[first.dosage, first.route && doseTexts.routeLabels[first.route]]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                      {first.instructions && (
                        <span className="mar-med-line mar-instructions">{first.instructions}</span>
                      )}
                    </th>
                  )}
                  <th scope="row" className="mar-time">
                    {row.time}
                  </th>
                  {days.map((day) => (
                    <Cell key={day} cell={row.cells[day - 1] ?? null} />
                  ))}
                </tr>
              ))}
            </tbody>
          );
        })}
      </table>
    </Box>
  );
}

/** The legend: every code with its meaning, drawn as the cells draw it. */
export function MarLegend() {
  const initials = marChartTexts.sampleInitials;
  const entries: { key: string; code: string; tone: Tone | null; text: string }[] = [
    { key: 'given', code: initials, tone: 'given', text: doseTexts.marCodes.given },
    {
      key: 'given-late',
      code: `${initials} L`,
      tone: 'late',
      text: doseTexts.marCodes['given-late'],
    },
    { key: 'refused', code: 'R', tone: 'refused', text: doseTexts.marCodes.refused },
    ...Object.entries(reasonCodes).map(([reason, code]) => ({
      key: reason,
      code,
      tone: 'notGiven' as const,
      text: doseTexts.marCodes[reason as NotGivenReason],
    })),
    { key: 'missed', code: 'M', tone: 'missed', text: doseTexts.marCodes.missed },
    { key: 'none', code: '–', tone: null, text: marChartTexts.legendNoDose },
    { key: 'blank', code: '', tone: null, text: marChartTexts.legendBlank },
  ];
  return (
    <Box component="section" aria-labelledby="mar-legend-title" className="mar-block">
      <Typography id="mar-legend-title" variant="h6" component="h2" className="mar-heading">
        {doseTexts.marLegend}
      </Typography>
      <Box component="dl" className="mar-legend">
        {entries.map((entry) => (
          <div key={entry.key} className="mar-legend-entry">
            <dt>
              <span className="mar-legend-code">
                <Code tone={entry.tone}>{entry.code}</Code>
              </span>
              <span className="mar-sr">{entry.code || marChartTexts.notYetRecorded}</span>
            </dt>
            <dd>{entry.text}</dd>
          </div>
        ))}
      </Box>
    </Box>
  );
}

/** The as-needed doses of the month: when, what, why and who, in the agency's zone. */
export function MarPrnList({ mar }: { mar: Mar }) {
  return (
    <Box component="section" aria-labelledby="mar-prn-title" className="mar-block">
      <Typography id="mar-prn-title" variant="h6" component="h2" className="mar-heading">
        {doseTexts.marPrn}
      </Typography>
      {mar.prn.length === 0 ? (
        <Typography>{doseTexts.marNoPrn}</Typography>
      ) : (
        <Box
          className="mar-list-scroll"
          tabIndex={0}
          role="region"
          aria-label={marChartTexts.prnScrollLabel}
        >
          <table className="mar-list">
            <caption className="mar-sr">{`${doseTexts.marPrn}, ${monthLabel(mar.month)}`}</caption>
            <thead>
              <tr>
                <th scope="col">{marChartTexts.prnTime}</th>
                <th scope="col">{doseTexts.marMedication}</th>
                <th scope="col">{marChartTexts.prnReason}</th>
                <th scope="col">{marChartTexts.givenBy}</th>
              </tr>
            </thead>
            <tbody>
              {mar.prn.map((dose) => (
                <tr key={dose.doseId}>
                  <th scope="row">
                    {dose.givenAt ? formatDateTime(dose.givenAt, mar.timeZone) : ''}
                  </th>
                  <td>
                    {dose.medication}
                    {dose.dosage && ` · ${dose.dosage}`}
                  </td>
                  <td>
                    {dose.prnReason}
                    {dose.note && <span className="mar-prn-note">{dose.note}</span>}
                  </td>
                  <td>
                    {dose.recordedByName} ({dose.initials})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      )}
    </Box>
  );
}

/** Given ÷ scheduled over the last 7 and 30 days. */
export function MarAdherence({ mar }: { mar: Mar }) {
  const spans = [
    { key: 'days7', label: doseTexts.adherence7, span: mar.adherence.days7 },
    { key: 'days30', label: doseTexts.adherence30, span: mar.adherence.days30 },
  ];
  return (
    <Box component="section" aria-labelledby="mar-adherence-title" className="mar-block">
      <Typography id="mar-adherence-title" variant="h6" component="h2" className="mar-heading">
        {doseTexts.adherence}
      </Typography>
      <Box component="dl" className="mar-facts">
        {spans.map(({ key, label, span }) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{doseTexts.adherenceValue(span.given, span.scheduled)}</dd>
          </div>
        ))}
      </Box>
    </Box>
  );
}

/** Who, born when, which month and in which zone the times are: the sheet's heading facts. */
export function MarFacts({ mar }: { mar: Mar }) {
  const facts = [
    { label: marChartTexts.patient, value: mar.patient.name },
    {
      label: chartTexts.dateOfBirth,
      value: mar.patient.dateOfBirth ? formatDateOfBirth(mar.patient.dateOfBirth) : '',
    },
    { label: doseTexts.marMonth, value: monthLabel(mar.month) },
    { label: marChartTexts.timeZone, value: mar.timeZone },
  ];
  return (
    <Box component="dl" className="mar-facts" aria-label={marChartTexts.patient}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value || '—'}</dd>
        </div>
      ))}
    </Box>
  );
}

const formatDateOfBirth = (date: string) =>
  dateFormatter('en-US', {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date.slice(0, 10)}T00:00:00Z`));

/** The sheet's look on screen, light or dark; print overrides it (the page's print styles). */
export function useMarSheetStyles() {
  const theme = useTheme();
  const mode = theme.palette.mode;
  const toneStyles = Object.fromEntries(
    (Object.keys(tones) as Tone[]).map((tone) => [
      `& .mar-tone-${tone}`,
      { backgroundColor: tones[tone][mode].bg, color: tones[tone][mode].fg },
    ]),
  );
  const paper = theme.palette.background.paper;
  const divider = theme.palette.divider;
  return {
    '& .mar-sr': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      padding: 0,
      margin: '-1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
      border: 0,
    },
    '& .mar-heading': { mb: 1, pb: 0.5, borderBottom: 1, borderColor: 'divider' },
    '& .mar-block': { mt: 3 },
    '& .mar-facts': {
      display: 'flex',
      flexWrap: 'wrap',
      columnGap: 3,
      rowGap: 0.5,
      m: 0,
      '& > div': { display: 'flex', gap: 0.75 },
      '& dt': { color: 'text.secondary' },
      '& dt::after': { content: '":"' },
      '& dd': { m: 0, fontWeight: 600 },
    },
    '& .mar-grid': {
      borderCollapse: 'separate',
      borderSpacing: 0,
      minWidth: '100%',
      fontSize: { xs: '0.8125rem', sm: '0.875rem' },
      '& th, & td': {
        borderRight: `1px solid ${divider}`,
        borderBottom: `1px solid ${divider}`,
        p: 0,
        textAlign: 'center',
        verticalAlign: 'middle',
      },
      '& thead th': { fontWeight: 600, py: 0.5, backgroundColor: paper },
      '& tbody:last-of-type tr:last-of-type > *': { borderBottom: 0 },
      '& tr > *:last-child': { borderRight: 0 },
      // The medication and time stay in view while the days scroll.
      '& .mar-med, & .mar-time': { position: 'sticky', zIndex: 1, backgroundColor: paper },
      '& .mar-med': {
        left: 0,
        width: { xs: '6rem', sm: '13rem' },
        minWidth: { xs: '6rem', sm: '13rem' },
        maxWidth: { xs: '6rem', sm: '13rem' },
        textAlign: 'left',
        verticalAlign: 'top',
        px: 1,
        py: 0.75,
        fontWeight: 400,
        overflowWrap: 'anywhere',
      },
      '& .mar-time': {
        left: { xs: '6rem', sm: '13rem' },
        width: { xs: '3.25rem', sm: '3.75rem' },
        minWidth: { xs: '3.25rem', sm: '3.75rem' },
        px: 0.5,
        fontVariantNumeric: 'tabular-nums',
        boxShadow: `2px 0 0 ${divider}`,
      },
      '& thead .mar-med, & thead .mar-time': { zIndex: 2, verticalAlign: 'bottom' },
      '& .mar-med-name': { display: 'block', fontWeight: 700 },
      '& .mar-med-line': { display: 'block', fontSize: '0.8125rem', color: 'text.secondary' },
      '& .mar-instructions': { fontStyle: 'italic' },
      '& .mar-day-head': { minWidth: '2.75rem', lineHeight: 1.2 },
      '& .mar-day-number': { display: 'block' },
      '& .mar-weekday': {
        display: 'block',
        fontSize: '0.75rem',
        fontWeight: 400,
        color: 'text.secondary',
      },
      '& .mar-today': {
        boxShadow: `inset 0 -3px 0 ${theme.palette.primary.main}`,
      },
      '& .mar-day': { height: '2.5rem', minWidth: '2.75rem' },
      '& .mar-day .mar-code': {
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: '2.5rem',
        px: 0.25,
        fontWeight: 700,
        fontSize: '0.8125rem',
        whiteSpace: 'nowrap',
      },
      '& .mar-none .mar-code': { color: 'text.secondary', fontWeight: 400 },
    },
    '& .mar-legend': {
      display: 'grid',
      gridTemplateColumns: 'repeat(auto-fill, minmax(min(16rem, 100%), 1fr))',
      gap: 1,
      m: 0,
      '& .mar-legend-entry': { display: 'flex', alignItems: 'center', gap: 1 },
      '& dt': { flex: 'none' },
      '& dd': { m: 0 },
      '& .mar-legend-code .mar-code': {
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minWidth: '3rem',
        height: '2rem',
        px: 0.5,
        fontWeight: 700,
        border: `1px solid ${divider}`,
        borderRadius: 1,
      },
    },
    '& .mar-list-scroll': {
      position: 'relative',
      overflowX: 'auto',
      '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
    },
    '& .mar-list': {
      borderCollapse: 'collapse',
      width: '100%',
      '& th, & td': {
        textAlign: 'left',
        verticalAlign: 'top',
        p: 1,
        borderBottom: `1px solid ${divider}`,
      },
      '& thead th': { fontWeight: 600 },
      '& .mar-prn-note': { display: 'block', color: 'text.secondary', fontSize: '0.875em' },
      '& tbody th': { fontWeight: 400, whiteSpace: { sm: 'nowrap' } },
    },
    ...toneStyles,
  } as const;
}
