import {
  type SmartPerformanceGrouping,
  type SmartPerformanceWindow,
  smartPerformanceGroupings,
  smartPerformanceWindows,
} from '@nq/contracts/analytics/smart-performance';
import { type RefreshInterval, refreshIntervals } from '../../../shared/api/refresh-interval.ts';

/** What the address keeps of the dashboards: `?window=30d&refresh=60000&by=isp` (a missing one: its default). */
export interface DashboardChoice {
  window?: SmartPerformanceWindow | undefined;
  refresh?: RefreshInterval | undefined;
  grouping?: SmartPerformanceGrouping | undefined;
}

const oneOf = <T extends string | number>(options: readonly T[], value: T | null | undefined): T | undefined =>
  value !== null && value !== undefined && options.includes(value) ? value : undefined;

export function readChoice(search: URLSearchParams): DashboardChoice {
  const refresh = search.get('refresh');
  return {
    window: oneOf(smartPerformanceWindows, search.get('window') as SmartPerformanceWindow | null),
    refresh: oneOf(
      refreshIntervals,
      refresh === null || refresh === '' ? undefined : (Number(refresh) as RefreshInterval),
    ),
    grouping: oneOf(smartPerformanceGroupings, search.get('by') as SmartPerformanceGrouping | null),
  };
}

/** The address' query with one part of the choice changed, the rest (and any other parameter) kept. */
export function withChoice(search: URLSearchParams, change: DashboardChoice): URLSearchParams {
  const next = new URLSearchParams(search);
  const set = (name: string, value: string | number | undefined) =>
    value === undefined ? next.delete(name) : next.set(name, String(value));
  if ('window' in change) set('window', change.window);
  if ('refresh' in change) set('refresh', change.refresh);
  if ('grouping' in change) set('by', change.grouping);
  return next;
}
