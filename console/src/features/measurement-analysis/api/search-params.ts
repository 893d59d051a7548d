import type { FilterMode, SelectionFields } from '@nq/contracts/analytics/query-ir';
import { type RowSortField, rowSortFields } from '@nq/contracts/analytics/query-result';
import { type TechnologyCode, technologyCodes } from '@nq/contracts/configuration/common';
import type { EnrichedMeasurement } from '@nq/contracts/measurements/enriched-measurement';
import type { KpiId } from '@nq/contracts/measurements/kpis';
import { type MeasurementSource, measurementSources } from '@nq/contracts/measurements/measurement';

export type MeasurementSection = EnrichedMeasurement['status'];
export type TestType = EnrichedMeasurement['testType'];

/**
 * The search the page asks for (docs/product/api.md#measurements, `POST /api/measurements/by/profile`). ISPs,
 * technologies and sources are the selection's lists, each with its mode: the rows with one of them (include, the API's default)
 * or with none of them (exclude).
 */
export interface MeasurementSearch
  extends Partial<
    Pick<SelectionFields, 'isps' | 'ispsCond' | 'technologies' | 'technologiesCond' | 'sources' | 'sourcesCond'>
  > {
  probes?: string[];
  programs?: string[];
  statuses?: MeasurementSection[];
  testTypes?: TestType[];
  kpi?: KpiId;
  tsStart?: string;
  tsEnd?: string;
  page: number;
  pageSize: number;
  sort: RowSortField;
  order: 'asc' | 'desc';
}

// The search lives in the page's query string, so going to a measurement's detail and back keeps it.

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);
const isTechnologyCode = (code: number): code is TechnologyCode =>
  (technologyCodes as readonly number[]).includes(code);
const isSource = (value: string): value is MeasurementSource =>
  (measurementSources as readonly string[]).includes(value);
/** A list's mode travels only when it excludes, and only with the list it applies to. */
const exclusion = (values: readonly unknown[] | undefined, mode: FilterMode | undefined) =>
  values?.length && mode === 'exclude' ? mode : undefined;

export const defaultSearch: MeasurementSearch = { page: 1, pageSize: 25, sort: 'measuredAt', order: 'desc' };

export function searchFromParams(params: URLSearchParams): MeasurementSearch {
  const number = (name: string, fallback: number) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const sort = params.get('sort');
  const probes = list(params.get('probes'));
  const programs = list(params.get('programs'));
  const statuses = list(params.get('statuses')) as MeasurementSection[];
  const testTypes = list(params.get('testTypes')) as TestType[];
  const isps = list(params.get('isps'));
  const technologies = list(params.get('technologies')).map(Number).filter(isTechnologyCode);
  const sources = list(params.get('sources')).filter(isSource);
  const excludes = (name: string) => params.get(`${name}Cond`) === 'exclude';
  return {
    ...(probes.length ? { probes } : {}),
    ...(programs.length ? { programs } : {}),
    ...(statuses.length ? { statuses } : {}),
    ...(testTypes.length ? { testTypes } : {}),
    ...(isps.length ? { isps, ...(excludes('isps') ? { ispsCond: 'exclude' as const } : {}) } : {}),
    ...(technologies.length
      ? { technologies, ...(excludes('technologies') ? { technologiesCond: 'exclude' as const } : {}) }
      : {}),
    ...(sources.length ? { sources, ...(excludes('sources') ? { sourcesCond: 'exclude' as const } : {}) } : {}),
    ...(params.get('kpi') ? { kpi: params.get('kpi') as KpiId } : {}),
    ...(params.get('from') ? { tsStart: params.get('from') as string } : {}),
    ...(params.get('to') ? { tsEnd: params.get('to') as string } : {}),
    page: number('page', defaultSearch.page),
    pageSize: number('pageSize', defaultSearch.pageSize),
    sort: (rowSortFields as readonly string[]).includes(sort ?? '') ? (sort as RowSortField) : defaultSearch.sort,
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

export function paramsFromSearch(search: MeasurementSearch): URLSearchParams {
  const entries: [string, string | undefined][] = [
    ['probes', search.probes?.join(',')],
    ['programs', search.programs?.join(',')],
    ['statuses', search.statuses?.join(',')],
    ['testTypes', search.testTypes?.join(',')],
    ['isps', search.isps?.join(',')],
    ['ispsCond', exclusion(search.isps, search.ispsCond)],
    ['technologies', search.technologies?.join(',')],
    ['technologiesCond', exclusion(search.technologies, search.technologiesCond)],
    ['sources', search.sources?.join(',')],
    ['sourcesCond', exclusion(search.sources, search.sourcesCond)],
    ['kpi', search.kpi],
    ['from', search.tsStart],
    ['to', search.tsEnd],
    ['page', search.page === defaultSearch.page ? undefined : String(search.page)],
    ['pageSize', search.pageSize === defaultSearch.pageSize ? undefined : String(search.pageSize)],
    ['sort', search.sort === defaultSearch.sort ? undefined : search.sort],
    ['order', search.order === defaultSearch.order ? undefined : search.order],
  ];
  return new URLSearchParams(entries.filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/** Probe ids typed as text: separated by commas or spaces (docs/product/rules.md#probes-by-text). */
export const idsOfText = (text: string) => [...new Set(text.split(/[\s,]+/).filter(Boolean))];
