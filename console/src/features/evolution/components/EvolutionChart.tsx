import { AreaChart, BarChart, LineChart } from '@tremor/react';
import type { ChartType } from './EvolutionFilters.tsx';
import { type ChartData, INDEX } from './evolution-series.ts';

const colours = ['blue', 'emerald', 'amber', 'rose', 'violet', 'cyan', 'indigo', 'fuchsia', 'lime', 'gray'];

/** One Tremor chart of the evolution: lines, areas or bars over the buckets. */
export function EvolutionChart({
  type,
  data,
  format,
}: {
  type: ChartType;
  data: ChartData;
  format: (value: number) => string;
}) {
  const common = {
    className: 'h-80',
    data: data.rows,
    index: INDEX,
    categories: data.categories,
    colors: colours,
    valueFormatter: format,
    yAxisWidth: 64,
    showAnimation: false,
  };
  if (type === 'area') return <AreaChart {...common} connectNulls />;
  if (type === 'bars') return <BarChart {...common} />;
  return <LineChart {...common} connectNulls />;
}
