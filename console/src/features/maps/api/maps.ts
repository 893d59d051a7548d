import type { Metric, SelectionFields } from '@nq/contracts/analytics/query-ir';
import type { KpiId } from '@nq/contracts/measurements/kpis';
import { api } from '../../../shared/api/api-client.ts';
import { parseCsv } from './csv.ts';

/**
 * What the maps page asks `POST /maps` for: a KPI's metric per tile over the selection (a campaign, probes, days and
 * the local hours of each day).
 */
export type MapRequest = Pick<
  SelectionFields,
  'campaigns' | 'probes' | 'tsStart' | 'tsEnd' | 'hourStart' | 'hourEnd'
> & {
  kpi: KpiId;
  metric: Metric;
  zoom: number;
};

export interface MapTile {
  key: string;
  x: number;
  y: number;
  count: number;
  value: number;
  center: { lat: number; lon: number };
}

interface Warnings {
  warnings: { code: string; message: string; params?: Record<string, string | number> }[];
}
export interface MapCount extends Warnings {
  total: number;
  limit: number;
}
export interface MapAnswer extends MapCount {
  zoom: number;
  tiles: MapTile[];
  campaigns: { id: string; name: string; center: [number, number] }[];
}

/** The request without its empty filters. */
export const mapBody = (request: MapRequest) =>
  Object.fromEntries(
    Object.entries(request).filter(
      ([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
    ),
  );

/**
 * Spec §7 `POST /maps`: first the total (`count`), and the tiles only when the map may show them — past the sample
 * limit the page shows the catalogue warning instead of a map (spec §4).
 */
export async function fetchMap(request: MapRequest, signal?: AbortSignal): Promise<MapAnswer> {
  const body = mapBody(request);
  const count = await api.post<MapCount>('/maps', body, { query: { count: 'true' }, signal });
  if (count.total === 0 || count.total > count.limit) return { ...count, zoom: request.zoom, tiles: [], campaigns: [] };
  return api.post<MapAnswer>('/maps', body, { signal });
}

/** The raw points (`format=csv`), one record per measurement. */
export async function fetchMapPoints(request: MapRequest, signal?: AbortSignal) {
  const csv = await api.post<string>('/maps', mapBody(request), { query: { format: 'csv' }, signal, as: 'text' });
  return parseCsv(csv);
}

/** The map of a submitted request (errors shown by the page, in place). */
export const mapQuery = (request: MapRequest | undefined) => ({
  queryKey: ['maps', 'tiles', request] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchMap(request as MapRequest, signal),
  enabled: request !== undefined,
  meta: { silent: true },
});

export const mapPointsQuery = (request: MapRequest | undefined, enabled: boolean) => ({
  queryKey: ['maps', 'points', request] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchMapPoints(request as MapRequest, signal),
  enabled: enabled && request !== undefined,
  meta: { silent: true },
});
