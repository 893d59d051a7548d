import { Area, Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartType } from './EvolutionFilters.tsx';
import type { ChartData, ChartLine } from './evolution-series.ts';
import { colourOf, dashesOf, SeriesLegend } from './SeriesLegend.tsx';
import type { TimeAxis } from './time-axis.ts';

/** Up to this many buckets every point has its dot; beyond, only a point standing alone between gaps has one. */
const dotsUpTo = 60;
const tickFont = 12;
/** Roughly how wide a character of the axis font is, to give the value axis room for its longest tick. */
const characterWidth = 7.5;

interface TickProps {
  x?: number;
  y?: number;
  textAnchor?: 'start' | 'middle' | 'end' | 'inherit';
  payload?: { value: number | string };
  format: (value: number | string) => string;
  /** A value axis tick (centred on its value) rather than a time or category one (below the axis). */
  vertical?: boolean;
}

/** An axis tick on one line, whatever its width (Recharts wraps long ones at spaces). */
function AxisTick({ x, y, textAnchor, payload, format, vertical }: TickProps) {
  if (x === undefined || y === undefined || !payload) return null;
  return (
    <text
      x={x}
      y={y}
      dy={vertical ? '0.32em' : '1em'}
      textAnchor={textAnchor}
      fill="#6b7280"
      fontSize={tickFont}
      className="recharts-cartesian-axis-tick-value"
    >
      <tspan x={x}>{format(payload.value)}</tspan>
    </text>
  );
}

interface DotProps {
  key?: string;
  cx?: number | null;
  cy?: number | null;
  index?: number;
}

/**
 * The chart of the evolution: on a time axis (ticks over the calendar, gaps where buckets are missing) or over
 * weekdays; each series' values as lines, areas or bars, its moving and global averages as dashed lines. The unit is
 * the value axis' title; the legend lies below the chart, scrolling when it holds many series.
 */
export function EvolutionChart({
  type,
  data,
  axis,
  unit,
  format,
}: {
  type: ChartType;
  data: ChartData;
  /** The time axis; without it the buckets are categories (weekdays, everything in one). */
  axis?: TimeAxis | undefined;
  unit?: string | undefined;
  /** A value as a number, without its unit. */
  format: (value: number) => string;
}) {
  const values = data.rows
    .flatMap((row) => data.lines.map((line) => row[line.key]))
    .filter((v) => typeof v === 'number');
  // The longest tick is at most as long as twice the largest value (the axis ends at a round number above it).
  const longest = Math.max(...values.map((value) => format(Math.abs(value) * 2).length + (value < 0 ? 1 : 0)), 1);
  const axisWidth = Math.ceil(longest * characterWidth) + 12 + (unit ? 18 : 0);

  const dot = (line: ChartLine) => (props: DotProps) => {
    const { key, cx, cy, index = 0 } = props;
    const alone = data.rows[index - 1]?.[line.key] == null && data.rows[index + 1]?.[line.key] == null;
    if (cx == null || cy == null || !(data.buckets.length <= dotsUpTo || alone)) return <g key={key} />;
    return <circle key={key} cx={cx} cy={cy} r={3} fill={colourOf(line.series)} stroke="#fff" strokeWidth={1} />;
  };

  const draw = (line: ChartLine) => {
    const colour = colourOf(line.series);
    const common = { dataKey: line.key, name: line.name, isAnimationActive: false };
    if (line.kind !== 'value')
      return (
        <Line
          key={line.key}
          {...common}
          type="linear"
          stroke={colour}
          strokeWidth={1.5}
          strokeDasharray={dashesOf(line.kind)}
          dot={false}
          connectNulls={false}
        />
      );
    if (type === 'bars') return <Bar key={line.key} {...common} fill={colour} maxBarSize={24} />;
    if (type === 'area')
      return (
        <Area
          key={line.key}
          {...common}
          type="linear"
          stroke={colour}
          strokeWidth={2}
          fill={colour}
          fillOpacity={0.15}
          dot={dot(line)}
          connectNulls={false}
        />
      );
    return (
      <Line
        key={line.key}
        {...common}
        type="linear"
        stroke={colour}
        strokeWidth={2}
        dot={dot(line)}
        connectNulls={false}
      />
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="h-80 min-w-0">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data.rows} margin={{ top: 8, right: 24, bottom: 4, left: 0 }}>
            <CartesianGrid stroke="#e5e7eb" vertical={false} />
            {axis ? (
              <XAxis
                dataKey="x"
                type="number"
                scale="time"
                domain={axis.domain}
                ticks={axis.ticks}
                interval={0}
                allowDataOverflow
                tickLine={false}
                stroke="#d1d5db"
                tick={<AxisTick format={(value) => axis.label(Number(value))} />}
              />
            ) : (
              <XAxis
                dataKey="x"
                type="category"
                tickLine={false}
                stroke="#d1d5db"
                tick={<AxisTick format={String} />}
              />
            )}
            <YAxis
              width={axisWidth}
              axisLine={false}
              tickLine={false}
              tick={<AxisTick vertical format={(value) => format(Number(value))} />}
              {...(unit
                ? { label: { value: unit, angle: -90, position: 'insideLeft', fill: '#4b5563', fontSize: tickFont } }
                : {})}
            />
            <Tooltip
              labelFormatter={(_, payload) => String(payload[0]?.payload?.label ?? '')}
              formatter={(value) => (typeof value === 'number' ? `${format(value)}${unit ? ` ${unit}` : ''}` : '')}
            />
            {data.lines.map(draw)}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <SeriesLegend lines={data.lines} />
    </div>
  );
}
