import { useTranslation } from 'react-i18next';
import type { ChartLine } from './evolution-series.ts';

const colours = [
  '#3b82f6',
  '#10b981',
  '#f59e0b',
  '#f43f5e',
  '#8b5cf6',
  '#06b6d4',
  '#6366f1',
  '#d946ef',
  '#84cc16',
  '#6b7280',
];

/** A series' colour: its value line, moving and global averages share it. */
export const colourOf = (series: number) => colours[series % colours.length]!;

/** Averages are dashed (moving) or dotted (global), values drawn whole. */
export const dashesOf = (kind: ChartLine['kind']) =>
  kind === 'movingAverage' ? '6 3' : kind === 'globalAverage' ? '2 3' : undefined;

/**
 * The chart's legend in a box of its own below it: names wrap onto more lines and, past a few, the box scrolls, so
 * however many series there are it covers neither the chart nor what follows.
 */
export function SeriesLegend({ lines }: { lines: readonly ChartLine[] }) {
  const { t } = useTranslation('evolution');
  return (
    <ul
      aria-label={t('series')}
      className="flex max-h-24 flex-wrap gap-x-4 gap-y-1 overflow-y-auto pl-2 text-xs text-gray-700"
    >
      {lines.map((line) => (
        <li key={line.key} className="inline-flex min-w-0 items-center gap-1.5">
          <svg aria-hidden="true" width="18" height="8" className="shrink-0">
            <line
              x1="0"
              y1="4"
              x2="18"
              y2="4"
              stroke={colourOf(line.series)}
              strokeWidth={line.kind === 'value' ? 3 : 2}
              strokeDasharray={dashesOf(line.kind)}
            />
          </svg>
          <span className="break-words">{line.name}</span>
        </li>
      ))}
    </ul>
  );
}
