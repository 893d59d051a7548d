import type { NarrowedBy } from '@nq/contracts/analytics/narrowing';
import type { Metric, SelectionFields } from '@nq/contracts/analytics/query-ir';
import type { KpiId } from '@nq/contracts/measurements/kpis';
import { api } from '../../../shared/api/api-client.ts';
import type { QueryProgressProps } from '../../../shared/charts/QueryProgress.tsx';
import { nextLookLevel } from '../model/cell-size.ts';
import { samplesBounds } from '../model/map-cells.ts';
import { parseCsv, readableCsvOptions } from './csv.ts';

/**
 * What the maps page asks `POST /maps` for: a KPI's metric per tile over the selection (a campaign, probes, days and
 * the local hours of each day), with tiles of the zoom level chosen (none: the level that suits the samples).
 */
export type MapRequest = Pick<
  SelectionFields,
  'campaigns' | 'probes' | 'tsStart' | 'tsEnd' | 'hourStart' | 'hourEnd'
> & {
  kpi: KpiId;
  metric: Metric;
  zoom?: number | undefined;
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
  /** What the caller's profile narrowed the measurements by, when it did. */
  narrowedBy?: NarrowedBy;
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

/** Where the automatic cell size first looks: cells of about 30 km, not too many even over a whole country. */
const firstLookLevel = 10;
/** Each look bounds the samples more tightly; the level has settled by this many (from a city to a street). */
const looks = 4;
/** The level each selection's automatic cells last settled on: a refresh starts there, and mostly stays. */
const settledLevels = new Map<string, number>();

/**
 * The tiles of the level that suits the samples (cell-size.ts): each look at a level's tiles bounds the samples (the
 * finest look the most tightly), which tells the next level to look at, until it is the level looked at.
 */
async function automaticTiles(body: Record<string, unknown>, samples: number, signal?: AbortSignal) {
  const key = JSON.stringify(body);
  const answers = new Map<number, MapAnswer>();
  const tilesAt = async (level: number) => {
    const answer = answers.get(level) ?? (await api.post<MapAnswer>('/maps', { ...body, zoom: level }, { signal }));
    answers.set(level, answer);
    return answer;
  };
  let level = settledLevels.get(key) ?? firstLookLevel;
  let answer = await tilesAt(level);
  let finest = { level, bounds: samplesBounds(answer.tiles, level) };
  for (let look = 1; look < looks && finest.bounds; look++) {
    const next = nextLookLevel(level, finest.bounds, samples);
    if (next === level) break;
    [level, answer] = [next, await tilesAt(next)];
    if (level > finest.level) finest = { level, bounds: samplesBounds(answer.tiles, level) ?? finest.bounds };
  }
  settledLevels.set(key, level);
  return answer;
}

/**
 * `POST /maps` (docs/product/api.md#maps): first the total (`count`), and the tiles only when the map may show them —
 * past the sample limit the page shows the catalogue warning instead of a map (docs/product/states.md#maps). Without a
 * zoom level the cells get the size that suits the samples' area and number.
 */
export async function fetchMap(request: MapRequest, signal?: AbortSignal): Promise<MapAnswer> {
  const body = mapBody(request);
  const count = await api.post<MapCount>('/maps', body, { query: { count: 'true' }, signal });
  if (count.total === 0 || count.total > count.limit)
    return { ...count, zoom: request.zoom ?? firstLookLevel, tiles: [], campaigns: [] };
  if (request.zoom === undefined) return automaticTiles(body, count.total, signal);
  return api.post<MapAnswer>('/maps', body, { signal });
}

/**
 * The raw points (`format=csv`), one record per measurement: asked for in the format the console reads, whatever the
 * interface language (a Spanish one would otherwise get `;`, decimal commas and Spanish column names).
 */
export async function fetchMapPoints(request: MapRequest, signal?: AbortSignal) {
  const body = { ...mapBody(request), csv: readableCsvOptions };
  const csv = await api.post<string>('/maps', body, { query: { format: 'csv' }, signal, as: 'text' });
  return parseCsv(csv, readableCsvOptions.delimiter);
}

/** The map of a submitted request (errors shown by the page, in place). */
export const mapQuery = (request: MapRequest | undefined) => ({
  queryKey: ['maps', 'tiles', request] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchMap(request as MapRequest, signal),
  enabled: request !== undefined,
  meta: { silent: true },
});

/**
 * What the map's progress follows while it is long: its query, and where it is read from (`POST /maps/coverage`, the
 * same body: never a cube, so the raw months it reads and why no cube can answer it).
 */
export const mapProgress = (request: MapRequest | undefined): QueryProgressProps => ({
  queryKey: mapQuery(request).queryKey,
  request: request && mapBody(request),
  coveragePath: '/maps/coverage',
});

export const mapPointsQuery = (request: MapRequest | undefined, enabled: boolean) => ({
  queryKey: ['maps', 'points', request] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchMapPoints(request as MapRequest, signal),
  enabled: enabled && request !== undefined,
  meta: { silent: true },
});
