import { dimensions, granularities, metrics } from '@nq/contracts/analytics/query-ir';
import { kpiIds } from '@nq/contracts/measurements/kpis';
import { chartTypes, type EvolutionChoice, initialChoice } from './EvolutionFilters.tsx';

// The evolution's choice lives in the page's query string, so that a link (the storyboard's KPI tiles) opens it with
// its filters and a reload or a shared address keeps them. Only what differs from the initial choice is written.

const oneOf = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

export function choiceFromQuery(params: URLSearchParams): EvolutionChoice {
  const breakdowns = (params.get('breakdowns') ?? '').split(',').filter(Boolean);
  return {
    kpi: oneOf<EvolutionChoice['kpi']>(kpiIds, params.get('kpi'), initialChoice.kpi),
    metric: oneOf(metrics, params.get('metric'), initialChoice.metric),
    granularity: oneOf(granularities, params.get('granularity'), initialChoice.granularity),
    breakdowns: breakdowns.filter((item): item is EvolutionChoice['breakdowns'][number] =>
      (dimensions as readonly string[]).includes(item),
    ),
    chartType: oneOf(chartTypes, params.get('chartType'), initialChoice.chartType),
    tsStart: params.get('tsStart') ?? '',
    tsEnd: params.get('tsEnd') ?? '',
    movingAverage: params.get('movingAverage') ?? '',
    globalAverage: params.get('globalAverage') === 'true',
  };
}

export function queryOfChoice(choice: EvolutionChoice): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(choice) as [
    keyof EvolutionChoice,
    EvolutionChoice[keyof EvolutionChoice],
  ][]) {
    const text = Array.isArray(value) ? value.join(',') : String(value);
    const initial = initialChoice[key];
    if (text !== (Array.isArray(initial) ? initial.join(',') : String(initial))) params.set(key, text);
  }
  return params;
}
