/**
 * One vital's chart, drawn with MUI X Charts. Loaded on its own (React.lazy) so that screens
 * without charts never download the charts library.
 */
import { LineChart, MarkElement, type MarkElementProps } from '@mui/x-charts/LineChart';
import { useDrawingArea, useYScale } from '@mui/x-charts/hooks';
import { alpha, useTheme } from '@mui/material/styles';
import { createContext, useContext, useMemo } from 'react';
import { formatDateTime } from '../../../shared/format.ts';
import { readableTones } from '../../lib/theme-tokens.ts';

export interface ChartLine {
  id: string;
  label: string;
  /** One value per time; null where this reading did not measure it. */
  values: (number | null)[];
  /** Per time: the value is outside the patient's range. */
  flagged: boolean[];
  color: string;
  shape: 'circle' | 'square';
  /** The patient's range in the shown unit; null bounds are open. */
  range: { low: number | null; high: number | null };
}

export interface VitalLineChartProps {
  /** Names the chart for assistive technology. */
  title: string;
  /** Where its table alternative is, for assistive technology. */
  describedBy: string;
  times: Date[];
  /** The span shown on the time axis; the readings' own when left out. */
  from?: Date;
  to?: Date;
  lines: ChartLine[];
  unit: string;
  decimals: number;
  /** Pixels of the axis labels: follows the user's font size. */
  fontSize: number;
  /** Fixed bounds of the value axis (pain: 0 to 10). */
  scale?: { min: number; max: number };
}

/** Which points are out of range, for the marks drawn inside the chart. */
const FlaggedContext = createContext<(seriesId: string, index: number) => boolean>(() => false);

/** A diamond, larger than a reading's mark: an out-of-range point does not rest on colour. */
function VitalMark(props: MarkElementProps) {
  const isFlagged = useContext(FlaggedContext);
  const theme = useTheme();
  if (!isFlagged(String(props.seriesId), props.dataIndex)) return <MarkElement {...props} />;
  const size = 8;
  return (
    <path
      d={`M0,${-size}L${size},0L0,${size}L${-size},0Z`}
      transform={`translate(${props.x}, ${props.y})`}
      fill={readableTones[theme.palette.mode].errorText}
      stroke={theme.palette.background.paper}
      strokeWidth={1.5}
      opacity={props.hidden ? 0 : 1}
      data-flagged="true"
      pointerEvents="none"
    />
  );
}

/** The patient's range as a shaded band with dashed edges, under each line's colour. */
function RangeBands({ lines }: { lines: ChartLine[] }) {
  const theme = useTheme();
  const scale = useYScale() as unknown as (value: number) => number;
  const { left, top, width, height } = useDrawingArea();
  return (
    <g pointerEvents="none" aria-hidden="true">
      {lines.map(({ id, range, color }) => {
        if (range.low === null && range.high === null) return null;
        const clamp = (y: number) => Math.min(top + height, Math.max(top, y));
        const yHigh = range.high === null ? top : clamp(scale(range.high));
        const yLow = range.low === null ? top + height : clamp(scale(range.low));
        return (
          <g key={id}>
            <rect
              x={left}
              y={yHigh}
              width={width}
              height={Math.max(0, yLow - yHigh)}
              fill={alpha(color, theme.palette.mode === 'dark' ? 0.16 : 0.1)}
            />
            {[range.high === null ? null : yHigh, range.low === null ? null : yLow].map(
              (y, i) =>
                y !== null && (
                  <line
                    key={i}
                    x1={left}
                    x2={left + width}
                    y1={y}
                    y2={y}
                    stroke={color}
                    strokeOpacity={0.7}
                    strokeDasharray="6 4"
                  />
                ),
            )}
          </g>
        );
      })}
    </g>
  );
}

const DAY = 86_400_000;
const tickFormats = {
  hours: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }),
  days: new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit' }),
  months: new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric' }),
};

/** A tick's date as precise as the axis needs: hours within two days, months beyond a year. */
function tickText(value: Date, domain: Date[]): string {
  const [from, to] = domain;
  const days = from && to ? (to.getTime() - from.getTime()) / DAY : 0;
  if (days < 2) return tickFormats.hours.format(value);
  return days > 400 ? tickFormats.months.format(value) : tickFormats.days.format(value);
}

/** The value axis: every reading and every bound in view, with a little room around. */
function valueDomain(lines: ChartLine[], scale?: { min: number; max: number }) {
  if (scale) return scale;
  const all = lines.flatMap((l) => [
    ...l.values.filter((v): v is number => v !== null),
    ...[l.range.low, l.range.high].filter((v): v is number => v !== null),
  ]);
  const min = Math.min(...all);
  const max = Math.max(...all);
  const pad = Math.max((max - min) * 0.1, 1);
  return { min: Math.floor(min - pad), max: Math.ceil(max + pad) };
}

export default function VitalLineChart(props: VitalLineChartProps) {
  const { lines, times, unit, decimals, fontSize } = props;
  const theme = useTheme();
  const isFlagged = useMemo(() => {
    const flagged = new Map(lines.map((l) => [l.id, l.flagged]));
    return (seriesId: string, index: number) => flagged.get(seriesId)?.[index] ?? false;
  }, [lines]);
  const domain = valueDomain(lines, props.scale);
  // Marks on every reading while they stay apart; with many readings only the flagged ones.
  const dense = times.length > 60;
  const tickStyle = { fontSize, fill: theme.palette.text.secondary };

  return (
    <FlaggedContext.Provider value={isFlagged}>
      {/* One picture, named by the chart's title and described by its summary line. (The
          library's own title would name a box whose role allows no name.) */}
      <div role="img" aria-label={props.title} aria-describedby={props.describedBy}>
        <LineChart
          height={Math.round(200 + fontSize * 4)}
          // Room at the right for the last date's label, which centres on the axis's end.
          margin={{ right: Math.round(fontSize * 1.8) }}
          hideLegend={lines.length < 2}
          slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
          slots={{ mark: VitalMark }}
          grid={{ horizontal: true }}
          xAxis={[
            {
              scaleType: 'time',
              data: times,
              tickLabelStyle: tickStyle,
              tickNumber: 4,
              height: 'auto',
              min: props.from,
              max: props.to,
              valueFormatter: (value: Date, context) =>
                context.location === 'tick'
                  ? tickText(value, (context.scale as { domain(): Date[] }).domain())
                  : formatDateTime(value),
            },
          ]}
          yAxis={[
            {
              min: domain.min,
              max: domain.max,
              width: 'auto',
              tickLabelStyle: tickStyle,
              tickNumber: 5,
            },
          ]}
          series={lines.map((line) => ({
            id: line.id,
            label: line.label,
            data: line.values,
            color: line.color,
            shape: line.shape,
            curve: 'linear',
            connectNulls: true,
            showMark: ({ index }) => !dense || (line.flagged[index] ?? false),
            valueFormatter: (value: number | null) =>
              value === null ? '' : `${value.toFixed(decimals)}${unit ? ` ${unit}` : ''}`,
          }))}
          sx={{
            '& .MuiChartsLegend-label': { fontSize, color: theme.palette.text.primary },
          }}
        >
          <RangeBands lines={lines} />
        </LineChart>
      </div>
    </FlaggedContext.Provider>
  );
}
