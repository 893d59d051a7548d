import {
  type Condition,
  type Dimension,
  type FilterMode,
  type Granularity,
  isMatrix,
  type KpiId,
  type Metric,
  type NarrowedBy,
  type QueryIr,
  type SelectionFields,
} from '@nq/contracts';
import { type DataScope, intersect, refuseOutsideDates } from '../identity/index.ts';
import { narrowingOf } from './narrowing.ts';
import { endOf, startOf } from './zoned-time.ts';

/**
 * What a query computes: a metric of a KPI, the five numbers of a KPI's boxplot, points of two KPIs, or the
 * measurements themselves (rows, counts), only those having a KPI when one is named.
 */
export type Measure =
  | { kind: 'metric'; kpi: KpiId; metric: Metric }
  | { kind: 'boxplot'; kpi: KpiId }
  | { kind: 'scatterplot'; x: KpiId; y: KpiId }
  | { kind: 'measurements'; kpi?: KpiId };

/** Keeps (include) or drops (exclude) the measurements having one of the values; include of none matches nothing. */
export interface DimensionFilter {
  dimension: Dimension;
  mode: FilterMode;
  values: readonly (string | number)[];
}

/**
 * The caller's profile restrictions, the time zone its dates are days of and, for a query of programs, the
 * profile's targets for them and, when some of them have none, the programs that do (destination-scope.ts).
 */
export type AnalyticsScope = DataScope & { timeZone?: string; destinations?: string[]; programs?: string[] };

/** What a map, a page of measurements, a count or an export reads: the filter set's selection, narrowed further. */
export interface Selection {
  filter: SelectionFields;
  /** Only the measurements having this KPI. */
  kpi?: KpiId;
  /** Filters on what the filter set has no field for (result sections, test types, probe types). */
  where?: DimensionFilter[];
  /** Only the measurements with a location. */
  located?: boolean;
}

/** A query in the terms both compilers take, the scope already intersected in. */
export interface ScopedQuery {
  measure: Measure;
  filters: DimensionFilter[];
  /** Inclusive instants (ISO, UTC) of the measurement time. */
  from?: string;
  to?: string;
  /** Inclusive local hours; a window with start > end wraps midnight. */
  hours?: { start: number; end: number };
  /** Only the measurements received by this instant (ISO, UTC), inclusive. */
  receivedUntil?: string;
  conditions?: Condition;
  /** Inclusive bounds of the devices connected while measuring; a measurement without the count is left out. */
  connectedDevices?: { min?: number; max?: number };
  breakdowns: Dimension[];
  granularity: Granularity;
  timeZone: string;
  /** Only the measurements with a location. */
  located?: boolean;
  /** The scope leaves nothing to see (e.g. a KPI or ISP the profile does not have): no engine need be asked. */
  matchesNothing: boolean;
  /** What the scope took away from the request, when it did: the answer tells it (narrowing.ts). */
  narrowedBy?: NarrowedBy;
}

export function measureOf(ir: QueryIr): Measure {
  if (ir.graphicType === 'scatterplot') return { kind: 'scatterplot', x: ir.axes!.x!, y: ir.axes!.y! };
  if (ir.graphicType === 'boxplot') return { kind: 'boxplot', kpi: ir.axes!.value! };
  return { kind: 'metric', kpi: (ir.kpi ?? ir.axes?.value)!, metric: ir.metric };
}

/**
 * The breakdowns and granularity a query groups by: a matrix's rows and columns stand in for the breakdowns (rows of
 * time are the granularity's buckets; rows of a dimension are one bucket each).
 */
function groupingOf(ir: QueryIr): { breakdowns: Dimension[]; granularity: Granularity } {
  if (!isMatrix(ir)) return { breakdowns: ir.breakdowns, granularity: ir.granularity };
  const { rows, columns } = ir.axes as { rows: Dimension | 'time'; columns: Dimension };
  return rows === 'time'
    ? { breakdowns: [columns], granularity: ir.granularity }
    : { breakdowns: [rows, columns], granularity: 'no_granularity' };
}

export const kpisOfMeasure = (measure: Measure): KpiId[] =>
  measure.kind === 'scatterplot' ? [measure.x, measure.y] : measure.kpi ? [measure.kpi] : [];

export const kpisOfCondition = (condition: Condition): KpiId[] =>
  'and' in condition
    ? condition.and.flatMap(kpisOfCondition)
    : 'or' in condition
      ? condition.or.flatMap(kpisOfCondition)
      : 'not' in condition
        ? kpisOfCondition(condition.not)
        : [condition.kpi];

/** Both conditions (either may be missing). */
export const allOf = (...conditions: (Condition | undefined)[]): Condition | undefined => {
  const present = conditions.filter((condition) => condition !== undefined);
  return present.length > 1 ? { and: present } : present[0];
};

const requestedValues = <T>(values: readonly T[] | undefined) => (values && values.length > 0 ? values : undefined);

/**
 * A requested filter within what the profile allows: an include list is intersected with the allowed values; an
 * exclude list becomes the allowed values it does not name. Without a restriction the request stays as it is.
 */
function restrict<T extends string | number>(
  dimension: Dimension,
  requested: readonly T[] | undefined,
  mode: FilterMode,
  allowed: readonly T[] | undefined,
): DimensionFilter | undefined {
  const values = requestedValues(requested);
  if (!allowed) return values ? { dimension, mode, values } : undefined;
  if (mode === 'exclude' && values) {
    const excluded = new Set(values);
    return { dimension, mode: 'include', values: allowed.filter((value) => !excluded.has(value)) };
  }
  return { dimension, mode: 'include', values: intersect(values, allowed)! };
}

/**
 * The caller's profile restrictions (technologies, KPIs, ISPs, tags, probes, campaigns, clusters, date
 * range, destinations) intersected into a query, and what they took away from it (`narrowedBy`). Dates outside the
 * profile's are refused (`profiles.outOfDateLimits`); a KPI the profile does not have, measured or in a condition,
 * leaves nothing to see.
 */
export const scopeQuery = (ir: QueryIr, scope: AnalyticsScope): ScopedQuery =>
  scoped(ir, scope, { measure: measureOf(ir), ...groupingOf(ir) });

/** A selection within the caller's scope, grouped by the dimensions given (none: all in one). */
export const scopeSelection = (
  selection: Selection,
  scope: AnalyticsScope,
  breakdowns: readonly Dimension[] = [],
): ScopedQuery =>
  scoped(selection.filter, scope, {
    measure: { kind: 'measurements', ...(selection.kpi ? { kpi: selection.kpi } : {}) },
    breakdowns: [...breakdowns],
    granularity: 'no_granularity',
    where: selection.where ?? [],
    located: selection.located ?? false,
  });

function scoped(
  ir: SelectionFields,
  scope: AnalyticsScope,
  shape: {
    measure: Measure;
    breakdowns: Dimension[];
    granularity: Granularity;
    where?: DimensionFilter[];
    located?: boolean;
  },
): ScopedQuery {
  const timeZone = ir.timeZone ?? scope.timeZone ?? 'Etc/UTC';
  const from = ir.tsStart && startOf(ir.tsStart, timeZone);
  const to = ir.tsEnd && endOf(ir.tsEnd, timeZone);
  refuseOutsideDates(scope, from, to);

  const { measure } = shape;
  const filters = [
    restrict('program', ir.programs, 'include', scope.programs),
    restrict('destination', ir.args, ir.argsCond, scope.destinations),
    restrict('isp', ir.isps, ir.ispsCond, scope.isps),
    restrict('tag', ir.tags, ir.tagsCond, scope.tags),
    restrict('technology', ir.technologies, ir.technologiesCond, scope.technologies),
    restrict('cluster', ir.clusters, 'include', scope.clusters),
    restrict('campaign', ir.campaigns, 'include', scope.campaigns),
    restrict('universe', ir.universes, 'include', undefined),
    restrict('probe', ir.probes, 'include', scope.probes),
    restrict('fringe', ir.fringes, ir.fringesCond, undefined),
    restrict('source', ir.sources, ir.sourcesCond, undefined),
    ...(shape.where ?? []),
  ].filter((filter) => filter !== undefined);

  const kpisUsed = [...kpisOfMeasure(measure), ...(ir.conditions ? kpisOfCondition(ir.conditions) : [])];
  const allowedKpis = scope.kpis;
  const hasHours = ir.hourStart !== undefined || ir.hourEnd !== undefined;
  const narrowedBy = narrowingOf(ir, scope, { from, to, timeZone });
  return {
    measure,
    filters,
    ...((from ?? scope.from) ? { from: latest(from, scope.from) } : {}),
    ...((to ?? scope.to) ? { to: earliest(to, scope.to) } : {}),
    ...(hasHours ? { hours: { start: ir.hourStart ?? 0, end: ir.hourEnd ?? 23 } } : {}),
    ...(ir.conditions ? { conditions: ir.conditions } : {}),
    ...(ir.connectedDevices ? { connectedDevices: ir.connectedDevices } : {}),
    ...(ir.receivedUntil ? { receivedUntil: new Date(ir.receivedUntil).toISOString() } : {}),
    breakdowns: shape.breakdowns,
    granularity: shape.granularity,
    timeZone,
    ...(shape.located ? { located: true } : {}),
    matchesNothing:
      filters.some((filter) => filter.mode === 'include' && filter.values.length === 0) ||
      (allowedKpis !== undefined && kpisUsed.some((kpi) => !allowedKpis.includes(kpi))),
    ...(narrowedBy ? { narrowedBy } : {}),
  };
}

const instants = (values: (string | undefined)[]) =>
  values.filter((value) => value !== undefined).map((value) => new Date(value).toISOString());
const latest = (...values: (string | undefined)[]) => instants(values).sort().at(-1)!;
const earliest = (...values: (string | undefined)[]) => instants(values).sort()[0]!;
