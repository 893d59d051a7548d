import type { CubeDimension, Dimension, Granularity } from '@nq/contracts';
import { wallClockAt } from '@nq/contracts';
import { bucketStart, type CubeDefinition } from '@nq/projections';
import type { ScopedQuery } from '../analytics/index.ts';

const hourMs = 3_600_000;

/** Granularities whose buckets are unions of UTC hours, in a zone whose offsets are whole hours. */
const ofHours: ReadonlySet<Granularity> = new Set(['hours', 'day', 'week', 'month', 'quarter', 'year']);
/** Granularities whose buckets are unions of the cube zone's days. */
const ofDays: ReadonlySet<Granularity> = new Set(['day', 'week', 'month', 'quarter', 'year']);

/** Whether a zone's wall clock is a whole number of hours from UTC at an instant. */
const wholeHoursAt = (instant: number, timeZone: string) => {
  const second = instant - (((instant % 1000) + 1000) % 1000);
  return (wallClockAt(second, timeZone) - second) % hourMs === 0;
};

/** Whether [from, to] (to inclusive, to the millisecond) is a whole number of the cube's buckets. */
function alignedRange(cube: CubeDefinition, query: ScopedQuery): boolean {
  const from = query.from === undefined ? undefined : Date.parse(query.from);
  const end = query.to === undefined ? undefined : Date.parse(query.to) + 1;
  return [from, end].every((instant) => instant === undefined || bucketStart(cube, instant) === instant);
}

const canonicalZones = new Map<string, string>();
/** One name per zone (`Etc/UTC` and `UTC` are one zone). */
const canonical = (timeZone: string) => {
  let name = canonicalZones.get(timeZone);
  if (!name) {
    name = new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
    canonicalZones.set(timeZone, name);
  }
  return name;
};

function timeCovered(cube: CubeDefinition, query: ScopedQuery): boolean {
  if (!alignedRange(cube, query)) return false;
  const { granularity, timeZone } = query;
  if (granularity === 'no_granularity' || granularity === 'weekday') return true;
  if (cube.grain === 'day') return ofDays.has(granularity) && canonical(timeZone) === canonical(cube.timeZone);
  if (!ofHours.has(granularity)) return false;
  const instants = [query.from, query.to].filter((at) => at !== undefined).map((at) => Date.parse(at));
  return (instants.length > 0 ? instants : [Date.now()]).every((instant) => wholeHoursAt(instant, timeZone));
}

/**
 * Whether a cube answers a query exactly as raw measurements would (quantiles within the sketch's accuracy): a metric
 * or boxplot of a KPI it keeps, filtered and broken down only by dimensions it keeps, over whole buckets, with no
 * KPI condition, connected-devices range or location (rows hold none of them).
 */
export function covers(cube: CubeDefinition, query: ScopedQuery): boolean {
  const { measure } = query;
  if (measure.kind !== 'metric' && measure.kind !== 'boxplot') return false;
  if (cube.kpis.length > 0 && !cube.kpis.includes(measure.kpi)) return false;
  // Rows hold no arrival time either: the data as received until an instant is read raw.
  if (query.conditions || query.connectedDevices || query.located || query.receivedUntil) return false;
  const kept = new Set<CubeDimension>(cube.dimensions);
  const keeps = (dimension: Dimension | 'hour' | 'weekday') => kept.has(dimension);
  if (query.hours && !keeps('hour')) return false;
  if (query.granularity === 'weekday' && !keeps('weekday')) return false;
  if (!query.filters.every((filter) => keeps(filter.dimension))) return false;
  if (!query.breakdowns.every(keeps)) return false;
  return timeCovered(cube, query);
}

/** Of the cubes covering a query, the one with the fewest rows to read: days before hours, then fewer dimensions. */
export function cubeFor(cubes: readonly CubeDefinition[], query: ScopedQuery): CubeDefinition | undefined {
  const rank = (cube: CubeDefinition) => (cube.grain === 'day' ? 0 : 100) + cube.dimensions.length;
  return cubes
    .filter((cube) => covers(cube, query))
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))[0];
}
