import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Alert,
  Box,
  Button,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import {
  Component,
  lazy,
  Suspense,
  useId,
  useMemo,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import {
  chartTexts,
  thresholdTexts,
  vitalSignLabels,
  vitalSignTexts,
  type VitalMeasurement,
} from '../../../shared/messages.ts';
import type { VitalSeries } from '../../../shared/schemas/chart.ts';
import { seriesSpans, type SeriesSpan } from '../../../shared/constants.ts';
import { defaultFontSize } from '../../../shared/settings.ts';
import type { UnitSettings } from '../../../shared/units.ts';
import { rangeText, type PatientRanges } from '../../../shared/vital-thresholds.ts';
import { useSession } from '../../lib/auth.tsx';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { usePreviewSettings } from '../../lib/preview-settings.ts';
import { readableTones } from '../../lib/theme-tokens.ts';
import {
  decimalsOf,
  formatShown,
  labelWithUnit,
  rangeShown,
  toShown,
  unitOf,
  useUnits,
} from '../../lib/units.ts';
import { DateTimeText } from '../data-table.tsx';
import { ErrorState, LoadingState } from '../list-states.tsx';
import { scrollRegionFocusSx, useScrollRegion } from '../scroll-region.ts';
import { useVitalRanges } from './api/get-vital-ranges.ts';
import { useVitalSeries } from './api/get-vital-series.ts';
import type { ChartLine } from './vital-line-chart.tsx';
import { directionsOf, FlaggedValue, OutOfRangeFlag, visuallyHidden } from './vital-flags.tsx';

// The charts library loads with the first chart, never with the page around it.
const VitalLineChart = lazy(() => import('./vital-line-chart.tsx'));

// The ranges form (react-hook-form, zod) loads when it is first opened.
const VitalRangesDialog = lazyDialog(() =>
  import('./vital-ranges-dialog.tsx').then((m) => m.VitalRangesDialog),
);

type Reading = VitalSeries['readings'][number];

/**
 * A chart that cannot be drawn (its chunk did not arrive, say) leaves its table to speak for
 * it, rather than taking the page down with it.
 */
class ChartBoundary extends Component<
  { onFail(): void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(_error: Error, _info: ErrorInfo) {
    this.props.onFail();
  }
  override render() {
    return this.state.failed ? (
      <Alert severity="warning" sx={{ my: 1 }}>
        {vitalSignTexts.chartFailed}
      </Alert>
    ) : (
      this.props.children
    );
  }
}

/** The charts, in the order a nurse reads a round: blood pressure first, pain last. */
const chartKinds: { key: string; measurements: VitalMeasurement[] }[] = [
  { key: 'bloodPressure', measurements: ['systolic', 'diastolic'] },
  { key: 'pulse', measurements: ['pulse'] },
  { key: 'respiratoryRate', measurements: ['respiratoryRate'] },
  { key: 'temperatureC', measurements: ['temperatureC'] },
  { key: 'spo2', measurements: ['spo2'] },
  { key: 'glucoseMmolL', measurements: ['glucoseMmolL'] },
  { key: 'weightKg', measurements: ['weightKg'] },
  { key: 'pain', measurements: ['pain'] },
];

const titleOf = (measurements: VitalMeasurement[], units: UnitSettings): string =>
  measurements.length > 1
    ? `${vitalSignTexts.bloodPressure} (${unitOf('systolic', units)})`
    : labelWithUnit(measurements[0]!, units);

/** The user's font size in pixels (the one being tried on the Settings screen, if any). */
function useFontSize(): number {
  const { user } = useSession();
  const preview = usePreviewSettings();
  return preview.fontSize ?? user?.settings.fontSize ?? defaultFontSize(user?.role ?? 'guest');
}

/**
 * "Range 50–100 /min (default)", "No range (default)"; blood pressure names its two parts:
 * "Range systolic 90–140 mmHg, diastolic 60–90 mmHg (default)".
 */
function rangeLineOf(
  measurements: VitalMeasurement[],
  ranges: PatientRanges,
  units: UnitSettings,
): string {
  const note = (m: VitalMeasurement) =>
    ranges[m].isDefault ? thresholdTexts.bandDefault : thresholdTexts.bandOwn;
  const text = (m: VitalMeasurement) => {
    const unit = unitOf(m, units);
    return `${rangeText(rangeShown(m, ranges[m], units))}${unit ? ` ${unit}` : ''}`;
  };
  if (measurements.length === 1) {
    const m = measurements[0]!;
    const { low, high } = ranges[m];
    return low === null && high === null
      ? thresholdTexts.noRange(note(m))
      : thresholdTexts.rangeLine(text(m), note(m));
  }
  const part = (m: VitalMeasurement) => `${vitalSignLabels[m].label.toLowerCase()} ${text(m)}`;
  const notes = new Set(measurements.map(note));
  if (notes.size === 1) {
    return thresholdTexts.rangeLine(measurements.map(part).join(', '), note(measurements[0]!));
  }
  return thresholdTexts.rangeList(
    measurements.map((m) => thresholdTexts.rangeWithNote(part(m), note(m))).join(', '),
  );
}

/** The time axis of a span: the whole span up to now (or the newest reading, if later). */
function spanAxis(span: SeriesSpan, times: Date[]): { from: Date; to: Date } | undefined {
  if (span === 'all') return undefined;
  const newest = Math.max(Date.now(), ...times.map((t) => t.getTime()));
  return { from: new Date(newest - Number(span) * 86_400_000), to: new Date(newest) };
}

interface ChartCardProps {
  measurements: VitalMeasurement[];
  readings: Reading[];
  ranges: PatientRanges | undefined;
  units: UnitSettings;
  span: SeriesSpan;
  fontSize: number;
}

/** One vital: its chart, its range, its flagged readings, and the same values as a table. */
function VitalChartCard({ measurements, readings, ranges, units, span, fontSize }: ChartCardProps) {
  const theme = useTheme();
  const tones = readableTones[theme.palette.mode];
  const [tableShown, setTableShown] = useState(false);
  const summaryId = useId();
  const tableId = useId();
  const title = titleOf(measurements, units);
  const points = readings.filter((r) => r[measurements[0]!] !== null);
  const directions = points.map((r) => directionsOf(r, ranges));
  const flaggedRows = directions.filter((d) => measurements.some((m) => d[m])).length;
  const colors = [tones.primaryText, tones.successText];
  const lines: ChartLine[] = measurements.map((m, i) => ({
    id: m,
    label: vitalSignLabels[m].label,
    values: points.map((r) => {
      const value = r[m];
      return value === null ? null : toShown(m, value, units);
    }),
    flagged: directions.map((d) => Boolean(d[m])),
    color: colors[i] ?? tones.primaryText,
    shape: i === 0 ? 'circle' : 'square',
    range: ranges ? rangeShown(m, ranges[m], units) : { low: null, high: null },
  }));
  const hasBand = ranges
    ? measurements.some((m) => ranges[m].low !== null || ranges[m].high !== null)
    : false;
  const rangeNote =
    ranges && hasBand
      ? measurements.every((m) => ranges[m].isDefault)
        ? thresholdTexts.bandDefault
        : thresholdTexts.bandOwn
      : null;
  const chartHeight = Math.round(200 + fontSize * 4);
  const times = points.map((r) => new Date(r.takenAt));
  const axis = spanAxis(span, times);

  return (
    <Paper
      component="section"
      aria-label={title}
      sx={{ p: 2, borderRadius: 3, backgroundImage: 'none', minWidth: 0 }}
    >
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      <Box id={summaryId}>
        {ranges && (
          <Typography variant="body2" color="text.secondary">
            {rangeLineOf(measurements, ranges, units)}
          </Typography>
        )}
        {flaggedRows > 0 && (
          <Typography
            variant="body2"
            sx={{
              color: tones.errorText,
              fontWeight: 600,
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
            }}
          >
            <WarningAmberIcon fontSize="small" aria-hidden="true" />
            {vitalSignTexts.outOfRangeCount(flaggedRows)}
          </Typography>
        )}
      </Box>
      <ChartBoundary onFail={() => setTableShown(true)}>
        <Suspense fallback={<Skeleton variant="rounded" height={chartHeight} sx={{ mt: 1 }} />}>
          <VitalLineChart
            title={title}
            describedBy={summaryId}
            times={times}
            from={axis?.from}
            to={axis?.to}
            lines={lines}
            unit={unitOf(measurements[0]!, units)}
            decimals={decimalsOf(measurements[0]!, units)}
            fontSize={Math.round(fontSize * 0.8125)}
            scale={measurements[0] === 'pain' ? { min: 0, max: 10 } : undefined}
          />
        </Suspense>
      </ChartBoundary>
      <ChartLegend color={lines[0]!.color} errorColor={tones.errorText} rangeNote={rangeNote} />
      <Button
        size="small"
        startIcon={<TableChartOutlinedIcon aria-hidden="true" />}
        aria-controls={tableId}
        onClick={() => setTableShown((shown) => !shown)}
        sx={{ mt: 1 }}
      >
        {tableShown ? vitalSignTexts.hideTable : vitalSignTexts.showTable}
      </Button>
      {/* Screen readers always have the table; the button shows it to the eye too. */}
      <Box id={tableId} sx={tableShown ? { mt: 1 } : visuallyHidden}>
        <ReadingsTable
          caption={vitalSignTexts.tableCaption(title, vitalSignTexts.spanWords[span])}
          measurements={measurements}
          points={points}
          directions={directions}
          units={units}
        />
      </Box>
    </Paper>
  );
}

/** What the marks and the shading mean, in words beside small drawings of them. */
function ChartLegend({
  color,
  errorColor,
  rangeNote,
}: {
  color: string;
  errorColor: string;
  rangeNote: string | null;
}) {
  const item = { display: 'inline-flex', alignItems: 'center', gap: 0.75 } as const;
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 0.5,
        typography: 'body2',
        color: 'text.secondary',
      }}
    >
      <Box sx={item}>
        <svg width="14" height="14" aria-hidden="true">
          <circle cx="7" cy="7" r="4.5" fill="none" stroke={color} strokeWidth="2" />
        </svg>
        {vitalSignTexts.legendReading}
      </Box>
      <Box sx={item}>
        <svg width="16" height="16" aria-hidden="true">
          <path d="M8,0L16,8L8,16L0,8Z" fill={errorColor} />
        </svg>
        {vitalSignTexts.legendOutOfRange}
      </Box>
      {rangeNote && (
        <Box sx={item}>
          <svg width="18" height="12" aria-hidden="true">
            <rect width="18" height="12" fill={color} fillOpacity="0.15" />
            <line x1="0" x2="18" y1="0.5" y2="0.5" stroke={color} strokeDasharray="4 2" />
            <line x1="0" x2="18" y1="11.5" y2="11.5" stroke={color} strokeDasharray="4 2" />
          </svg>
          {vitalSignTexts.legendRange(rangeNote)}
        </Box>
      )}
    </Box>
  );
}

/** The chart's values as a table, newest first, with each out-of-range reading flagged. */
function ReadingsTable({
  caption,
  measurements,
  points,
  directions,
  units,
}: {
  caption: string;
  measurements: VitalMeasurement[];
  points: Reading[];
  directions: ReturnType<typeof directionsOf>[];
  units: UnitSettings;
}) {
  const rows = points.map((reading, i) => ({ reading, direction: directions[i]! })).reverse();
  const region = useScrollRegion(caption);
  return (
    <TableContainer {...region} sx={{ maxHeight: 360, ...scrollRegionFocusSx }}>
      <Table size="small" stickyHeader>
        <Box
          component="caption"
          sx={{ captionSide: 'top', textAlign: 'left', px: 0, pt: 0, color: 'text.secondary' }}
        >
          {caption}
        </Box>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>{vitalSignTexts.takenAt}</TableCell>
            {measurements.map((m) => (
              <TableCell key={m} sx={{ fontWeight: 600 }}>
                {measurements.length > 1 ? vitalSignLabels[m].label : labelWithUnit(m, units)}
              </TableCell>
            ))}
            <TableCell sx={{ fontWeight: 600 }}>{vitalSignTexts.tableStatus}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ reading, direction }) => {
            const flagged = measurements.some((m) => direction[m]);
            return (
              <TableRow key={reading.id}>
                <TableCell>
                  <DateTimeText value={reading.takenAt} />
                </TableCell>
                {measurements.map((m) => {
                  const value = reading[m];
                  return (
                    <TableCell key={m}>
                      {value === null ? (
                        ''
                      ) : (
                        <FlaggedValue
                          text={formatShown(m, value, units)}
                          direction={direction[m] ?? null}
                        />
                      )}
                    </TableCell>
                  );
                })}
                <TableCell>{flagged ? <OutOfRangeFlag /> : vitalSignTexts.inRange}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The patient's vital signs over time: one chart per measurement that has readings in the
 * chosen span (7, 30, 90 days or all), in the user's units, with the patient's range shaded and
 * out-of-range readings marked; each chart has a table of the same values. Doctors set the
 * ranges from here; everyone else reads them on each chart.
 */
export function VitalChartsSection({ patientId }: { patientId: number }) {
  const { can } = useSession();
  const units = useUnits();
  const fontSize = useFontSize();
  const [span, setSpan] = useState<SeriesSpan>('30');
  const [rangesOpen, setRangesOpen] = useState(false);
  const series = useVitalSeries(patientId, span);
  const ranges = useVitalRanges(patientId);
  const maySetRanges = can('vital-thresholds:write');
  const headingId = useId();
  const spanLabelId = useId();
  const readings = useMemo(() => series.data?.readings ?? [], [series.data]);
  const measured = chartKinds.filter((kind) =>
    readings.some((r) => r[kind.measurements[0]!] !== null),
  );
  const notMeasured = chartKinds.filter((kind) => !measured.includes(kind));

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Typography id={headingId} variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {chartTexts.chartsTitle}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={spanLabelId} variant="body2" color="text.secondary">
            {vitalSignTexts.spanLabel}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={span}
            aria-labelledby={spanLabelId}
            onChange={(_event, next: SeriesSpan | null) => {
              if (next) setSpan(next);
            }}
          >
            {seriesSpans.map((s) => (
              <ToggleButton key={s} value={s} sx={{ px: 1.5, minHeight: 44 }}>
                {vitalSignTexts.spans[s]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        {maySetRanges && (
          <Button
            variant="outlined"
            startIcon={<TuneIcon aria-hidden="true" />}
            onClick={() => setRangesOpen(true)}
            disabled={!ranges.data}
          >
            {thresholdTexts.open}
          </Button>
        )}
      </Box>
      {series.isLoading && <LoadingState label={chartTexts.chartsTitle} />}
      {series.isError && !series.data && (
        <ErrorState text={vitalSignTexts.chartsError} onRetry={() => void series.refetch()} />
      )}
      {series.data && readings.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {vitalSignTexts.chartsEmpty}
        </Typography>
      )}
      {series.data?.truncated && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {vitalSignTexts.truncated(readings.length)}
        </Alert>
      )}
      {measured.length > 0 && (
        <Box
          aria-busy={series.isFetching}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
            opacity: series.isPlaceholderData ? 0.6 : 1,
          }}
        >
          {measured.map((kind) => (
            <VitalChartCard
              key={kind.key}
              measurements={kind.measurements}
              readings={readings}
              ranges={ranges.data}
              units={units}
              span={span}
              fontSize={fontSize}
            />
          ))}
        </Box>
      )}
      {measured.length > 0 && notMeasured.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {vitalSignTexts.notMeasured(
            notMeasured.map((kind) => titleOf(kind.measurements, units)).join(', '),
          )}
        </Typography>
      )}
      {maySetRanges && ranges.data && (
        <VitalRangesDialog
          patientId={patientId}
          ranges={ranges.data}
          open={rangesOpen}
          onClose={() => setRangesOpen(false)}
        />
      )}
    </Box>
  );
}
