import {
  type Dimension,
  dimensions,
  type FilterMode,
  type Granularity,
  granularities,
  type Metric,
  metrics,
  type SelectionFields,
} from '@nq/contracts/analytics/query-ir';
import { type TechnologyCode, technologyCodes } from '@nq/contracts/configuration/common';
import { fringeCodes } from '@nq/contracts/identity/profile';
import type { SelectionGroup } from '@nq/contracts/identity/selection-group';
import type { KpiId } from '@nq/contracts/measurements/kpis';
import { type MeasurementSource, measurementSources } from '@nq/contracts/measurements/measurement';

type FringeCode = (typeof fringeCodes)[number];

/**
 * What an analysis screen asks of the graphic filter set (docs/product/entities.md#graphic-filter-set), as its pickers
 * hold it. It lives in the page's query string under the filter set's own names, so a screen's address is shareable
 * and survives a reload.
 */
export interface GraphicFilters {
  kpi: KpiId | '';
  metric: Metric;
  granularity: Granularity;
  tsStart: string;
  tsEnd: string;
  technologies: TechnologyCode[];
  technologiesCond: FilterMode;
  isps: string[];
  ispsCond: FilterMode;
  /** One universe, campaign or cluster: whichever group the profile selects by (empty: any). */
  selection: string;
  fringes: FringeCode[];
  fringesCond: FilterMode;
  /** Whose measurements: the panel's, public data's (empty: all). */
  sources: MeasurementSource[];
  sourcesCond: FilterMode;
  programs: string[];
  breakdowns: Dimension[];
  globalAverage: boolean;
  median: boolean;
  outliers: boolean;
}

export const defaultFilters: GraphicFilters = {
  kpi: '',
  metric: 'avg',
  granularity: 'no_granularity',
  tsStart: '',
  tsEnd: '',
  technologies: [],
  technologiesCond: 'include',
  isps: [],
  ispsCond: 'include',
  selection: '',
  fringes: [],
  fringesCond: 'include',
  sources: [],
  sourcesCond: 'include',
  programs: [],
  breakdowns: [],
  globalAverage: false,
  median: false,
  outliers: false,
};

const list = (params: URLSearchParams, name: string) => params.get(name)?.split(',').filter(Boolean) ?? [];
const oneOf = <T extends string | number>(allowed: readonly T[], value: unknown): value is T =>
  (allowed as readonly unknown[]).includes(value);
const modeOf = (params: URLSearchParams, name: string): FilterMode =>
  params.get(name) === 'exclude' ? 'exclude' : 'include';

/** The filters a query string holds; what it lacks, or holds wrongly, is the screen's default. */
export function filtersFromParams(
  params: URLSearchParams,
  group: SelectionGroup,
  defaults: GraphicFilters = defaultFilters,
): GraphicFilters {
  const metric = params.get('metric');
  const granularity = params.get('granularity');
  const flag = (name: 'globalAverage' | 'median' | 'outliers') =>
    params.has(name) ? params.get(name) === 'true' : defaults[name];
  return {
    kpi: (params.get('kpi') as KpiId | null) ?? defaults.kpi,
    metric: oneOf(metrics, metric) ? metric : defaults.metric,
    granularity: oneOf(granularities, granularity) ? granularity : defaults.granularity,
    tsStart: params.get('tsStart') ?? defaults.tsStart,
    tsEnd: params.get('tsEnd') ?? defaults.tsEnd,
    technologies: list(params, 'technologies')
      .map(Number)
      .filter((code) => oneOf(technologyCodes, code)),
    technologiesCond: modeOf(params, 'technologiesCond'),
    isps: list(params, 'isps'),
    ispsCond: modeOf(params, 'ispsCond'),
    selection: list(params, group)[0] ?? '',
    fringes: list(params, 'fringes')
      .map(Number)
      .filter((code) => oneOf(fringeCodes, code)),
    fringesCond: modeOf(params, 'fringesCond'),
    sources: list(params, 'sources').filter((source) => oneOf(measurementSources, source)),
    sourcesCond: modeOf(params, 'sourcesCond'),
    programs: params.has('programs') ? list(params, 'programs') : defaults.programs,
    breakdowns: [...new Set(list(params, 'breakdowns').filter((value) => oneOf(dimensions, value)))],
    globalAverage: flag('globalAverage'),
    median: flag('median'),
    outliers: flag('outliers'),
  };
}

/**
 * The query string with these filters, the screen's other parameters kept. A list's mode travels only when it
 * excludes, and only with its list; defaults are left out so addresses stay short.
 */
export function paramsWithFilters(params: URLSearchParams, filters: GraphicFilters, group: SelectionGroup) {
  const next = new URLSearchParams(params);
  const exclusion = (values: readonly unknown[], mode: FilterMode) =>
    values.length > 0 && mode === 'exclude' ? mode : undefined;
  const entries: Record<string, string | undefined> = {
    kpi: filters.kpi || undefined,
    metric: filters.metric === defaultFilters.metric ? undefined : filters.metric,
    granularity: filters.granularity,
    tsStart: filters.tsStart || undefined,
    tsEnd: filters.tsEnd || undefined,
    technologies: filters.technologies.join(','),
    technologiesCond: exclusion(filters.technologies, filters.technologiesCond),
    isps: filters.isps.join(','),
    ispsCond: exclusion(filters.isps, filters.ispsCond),
    universes: undefined,
    campaigns: undefined,
    clusters: undefined,
    [group]: filters.selection || undefined,
    fringes: filters.fringes.join(','),
    fringesCond: exclusion(filters.fringes, filters.fringesCond),
    sources: filters.sources.join(','),
    sourcesCond: exclusion(filters.sources, filters.sourcesCond),
    programs: filters.programs.join(','),
    breakdowns: filters.breakdowns.join(','),
    globalAverage: filters.globalAverage ? 'true' : undefined,
    median: filters.median ? 'true' : undefined,
    outliers: filters.outliers ? 'true' : undefined,
  };
  for (const [name, value] of Object.entries(entries)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

const nonEmpty = <Key extends string, T>(key: Key, values: readonly T[]) =>
  (values.length > 0 ? { [key]: [...values] } : {}) as Partial<Record<Key, T[]>>;
const withMode = <Key extends string>(key: Key, values: readonly unknown[], mode: FilterMode) =>
  (values.length > 0 && mode === 'exclude' ? { [`${key}Cond`]: mode } : {}) as Partial<
    Record<`${Key}Cond`, FilterMode>
  >;

/** The selection and time filters of a request body: only those the analyst set. */
export function selectionOf(filters: GraphicFilters, group: SelectionGroup): Partial<SelectionFields> {
  return {
    ...nonEmpty('technologies', filters.technologies),
    ...withMode('technologies', filters.technologies, filters.technologiesCond),
    ...nonEmpty('isps', filters.isps),
    ...withMode('isps', filters.isps, filters.ispsCond),
    ...(filters.selection ? { [group]: [filters.selection] } : {}),
    ...nonEmpty('fringes', filters.fringes),
    ...withMode('fringes', filters.fringes, filters.fringesCond),
    ...nonEmpty('sources', filters.sources),
    ...withMode('sources', filters.sources, filters.sourcesCond),
    ...nonEmpty('programs', filters.programs),
    ...(filters.tsStart ? { tsStart: filters.tsStart } : {}),
    ...(filters.tsEnd ? { tsEnd: filters.tsEnd } : {}),
  };
}

/**
 * Whether the dates lie within the profile's limits (docs/product/roles.md#data-restrictions: the API refuses those
 * reaching outside).
 */
export function datesWithin(
  filters: Pick<GraphicFilters, 'tsStart' | 'tsEnd'>,
  limits: { tsStart?: string | undefined; tsEnd?: string | undefined },
) {
  const day = (instant: string | undefined) => instant?.slice(0, 10);
  const [from, to] = [day(limits.tsStart), day(limits.tsEnd)];
  const outside = (date: string) => (from !== undefined && date < from) || (to !== undefined && date > to);
  return !(filters.tsStart && outside(filters.tsStart)) && !(filters.tsEnd && outside(filters.tsEnd));
}
