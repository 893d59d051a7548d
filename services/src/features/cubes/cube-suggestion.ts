import {
  type CubeDimension,
  type CubeGrain,
  type CubeSuggestion,
  cubeDimensions,
  cubeUtcZone,
  type UncoverableReason,
} from '@nq/contracts';
import type { CubeDefinition } from '@nq/projections';
import type { ScopedQuery } from '../analytics/index.ts';
import { covers } from './cube-coverage.ts';

/** The cube that would answer a query from pre-aggregated rows, or why none can. */
export type CubeAdvice = { suggestion: CubeSuggestion } | { uncoverable: UncoverableReason[] };

/** Longest name a cube may have (`configurationName`). */
const maxNameLength = 64;

/** What a query reads that no cube's rows hold, whatever the cube keeps (`covers`). */
function rawOnly(query: ScopedQuery, outliers: boolean): UncoverableReason[] {
  const { kind } = query.measure;
  return [
    kind !== 'metric' && kind !== 'boxplot' ? ('measure' as const) : undefined,
    query.conditions ? ('conditions' as const) : undefined,
    // The fences the engine derives from the whole selection are KPI conditions (run-query.ts).
    outliers ? ('outliers' as const) : undefined,
    query.connectedDevices ? ('connectedDevices' as const) : undefined,
    query.located ? ('located' as const) : undefined,
    query.receivedUntil ? ('receivedUntil' as const) : undefined,
  ].filter((reason) => reason !== undefined);
}

/**
 * The dimensions a cube must keep to answer a query: those it filters and breaks down by (the profile's restrictions
 * are filters too), the local hour for an hour window, the weekday for the weekday granularity; in the cube
 * definition's order.
 */
function dimensionsOf(query: ScopedQuery): CubeDimension[] {
  const needed = new Set<CubeDimension>([...query.filters.map((filter) => filter.dimension), ...query.breakdowns]);
  if (query.hours) needed.add('hour');
  if (query.granularity === 'weekday') needed.add('weekday');
  return cubeDimensions.filter((dimension) => needed.has(dimension));
}

/** A name the cubes screen accepts (`^[a-z0-9][a-z0-9_-]*$`, 64 characters at most): `daily-provider-download`. */
export function suggestedName(grain: CubeGrain, dimensions: readonly string[], kpis: readonly string[]): string {
  const words = [grain === 'day' ? 'daily' : 'hourly', ...dimensions, ...kpis].map((word) =>
    word.toLowerCase().replace(/[^a-z0-9_-]/g, ''),
  );
  return words.join('-').slice(0, maxNameLength).replace(/-+$/, '');
}

/** The query as a cube would answer it were it not for what no cube holds: only its time and grouping are left. */
const timeOnly = (query: ScopedQuery): ScopedQuery => ({
  measure: { kind: 'boxplot', kpi: query.measure.kind === 'scatterplot' ? query.measure.x : 'download' },
  filters: query.filters,
  breakdowns: query.breakdowns,
  granularity: query.granularity,
  timeZone: query.timeZone,
  matchesNothing: false,
  ...(query.from ? { from: query.from } : {}),
  ...(query.to ? { to: query.to } : {}),
  ...(query.hours ? { hours: query.hours } : {}),
});

/**
 * The smallest cube that would answer a query exactly (`covers`), or why no cube can. Smallest: days of the query's
 * time zone when its granularity and dates allow (a row per day; UTC days for dates given as UTC instants), else UTC
 * hours; only the dimensions the query needs
 * (its filters, breakdowns, hour window, weekday granularity); only its KPI. A query no cube can answer names every
 * reason: what no cube's rows hold (a scatterplot, KPI conditions, outlier removal, a connected-devices range,
 * locations, the data as received until an instant), a granularity finer than the hours of its zone, dates that are
 * no whole days or hours. `outliers`: the query removes outliers (the engine adds their fences as conditions).
 */
export function suggestCube(query: ScopedQuery, { outliers = false }: { outliers?: boolean } = {}): CubeAdvice {
  const reasons = rawOnly(query, outliers);
  const dimensions = dimensionsOf(query);
  // Smallest first: days of the query's zone, UTC days (dates given as instants), UTC hours. Every KPI (kpis: [])
  // while only the time is judged.
  const shapes: [CubeGrain, string][] = [
    ['day', query.timeZone],
    ['day', cubeUtcZone],
    ['hour', cubeUtcZone],
  ];
  const candidates = shapes.map(
    ([grain, timeZone]): CubeDefinition => ({ id: '', name: '', grain, timeZone, dimensions, kpis: [] }),
  );
  const coverable = (shape: ScopedQuery) => candidates.find((cube) => covers(cube, shape));
  const shape = timeOnly(query);
  const cube = coverable(shape);
  if (!cube) {
    const { from: _from, to: _to, ...undated } = shape;
    // Over all time the granularity alone is judged; without one, the dates alone. Each passing alone but not
    // together (a zone whose offset was not whole hours at the dates): the dates.
    const byGranularity = !coverable(undated);
    const byRange = !coverable({ ...shape, granularity: 'no_granularity' });
    if (byGranularity) reasons.push('granularity');
    if (byRange || !byGranularity) reasons.push('range');
  }
  if (reasons.length > 0 || !cube) return { uncoverable: reasons };
  const kpis = query.measure.kind === 'metric' || query.measure.kind === 'boxplot' ? [query.measure.kpi] : [];
  return {
    suggestion: {
      name: suggestedName(cube.grain, dimensions, kpis),
      grain: cube.grain,
      timeZone: cube.timeZone,
      dimensions,
      kpis,
    },
  };
}
