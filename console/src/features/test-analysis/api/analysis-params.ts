import { type KpiId, kpiIds } from '@nq/contracts/measurements/kpis';
import {
  type NetworkLayer,
  networkLayers,
  type ResultStatus,
  resultStatuses,
} from '@nq/contracts/measurements/test-analysis';

/**
 * What the test analysis shows, kept in the page's query string (shareable, reload-safe): the probe, its program, the
 * window (`from`/`to`: days, or instants), the status and layer filters, the KPI charted and the results' page.
 */
export interface TestAnalysisView {
  probe?: string;
  program?: string;
  from?: string;
  to?: string;
  status?: ResultStatus;
  layer?: NetworkLayer;
  kpi?: KpiId;
  page: number;
  pageSize: number;
  order: 'asc' | 'desc';
}

export const defaultView: TestAnalysisView = { page: 1, pageSize: 25, order: 'desc' };
export const pageSizes = [10, 25, 50, 100] as const;

const day = /^\d{4}-\d{2}-\d{2}$/;
const isWindowEdge = (value: string) => day.test(value) || !Number.isNaN(Date.parse(value));
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

export function viewFromParams(params: URLSearchParams): TestAnalysisView {
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const from = text('from');
  const to = text('to');
  const status = oneOf(resultStatuses, params.get('status'));
  const layer = oneOf(networkLayers, params.get('layer'));
  const kpi = oneOf(kpiIds, params.get('kpi'));
  const probe = text('probe');
  const program = probe ? text('program') : undefined;
  return {
    ...(probe ? { probe } : {}),
    ...(program ? { program } : {}),
    ...(from && isWindowEdge(from) ? { from } : {}),
    ...(to && isWindowEdge(to) ? { to } : {}),
    ...(status ? { status } : {}),
    ...(layer ? { layer } : {}),
    ...(kpi ? { kpi } : {}),
    page: Number.isInteger(page) && page > 0 ? page : defaultView.page,
    pageSize: (pageSizes as readonly number[]).includes(pageSize) ? pageSize : defaultView.pageSize,
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

export function paramsFromView(view: TestAnalysisView): URLSearchParams {
  const entries: [string, string | undefined][] = [
    ['probe', view.probe],
    ['program', view.program],
    ['from', view.from],
    ['to', view.to],
    ['status', view.status],
    ['layer', view.layer],
    ['kpi', view.kpi],
    ['page', view.page === defaultView.page ? undefined : String(view.page)],
    ['pageSize', view.pageSize === defaultView.pageSize ? undefined : String(view.pageSize)],
    ['order', view.order === defaultView.order ? undefined : view.order],
  ];
  return new URLSearchParams(entries.filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/** What the results, the chart and the programs read of the view: the window and the filters. */
export const windowOf = ({ from, to, status, layer }: TestAnalysisView) => ({ from, to, status, layer });

/** Hourly buckets up to a week, daily beyond (and without a start). */
export function granularityOf({ from, to }: Pick<TestAnalysisView, 'from' | 'to'>): 'hours' | 'day' {
  if (!from) return 'day';
  const end = to ? Date.parse(day.test(to) ? `${to}T23:59:59Z` : to) : Date.now();
  return end - Date.parse(from) <= 7 * 24 * 3_600_000 ? 'hours' : 'day';
}
