import type { DisplayOptionsInput } from '@nq/contracts/analytics/graphic-display';
import type { Condition, QueryIrInput, SelectionFields } from '@nq/contracts/analytics/query-ir';
import type { SelectionGroup } from '@nq/contracts/identity/selection-group';
import type { KpiId } from '@nq/contracts/measurements/kpis';
import { type GraphicFilters, selectionOf } from '../../../shared/graphic-filters/graphic-filters.ts';
import {
  type Display,
  dataKindOf,
  type Generator,
  type GeneratorChoice,
  type MoreFilters,
} from './generator-config.ts';

/** Why a configuration cannot be generated yet: a catalogue code and the field it is about. */
export interface ConfigurationProblem {
  field: string;
  code: string;
  params?: Record<string, string | number>;
}

const whole = (text: string) => (text.trim() === '' ? undefined : Number(text));
const isWholeIn = (value: number | undefined, min: number, max: number) =>
  value === undefined || (Number.isInteger(value) && value >= min && value <= max);

/** The hour window, connected devices and conditions as filter-set fields, or the first problem they have. */
function moreSelection(more: MoreFilters, problems: ConfigurationProblem[]): Partial<SelectionFields> {
  const [hourStart, hourEnd] = [whole(more.hourStart), whole(more.hourEnd)];
  const [min, max] = [whole(more.devicesMin), whole(more.devicesMax)];
  for (const [field, value, low, high] of [
    ['hourStart', hourStart, 0, 23],
    ['hourEnd', hourEnd, 0, 23],
    ['devicesMin', min, 0, 100_000],
    ['devicesMax', max, 0, 100_000],
  ] as const)
    if (!isWholeIn(value, low, high))
      problems.push({ field, code: 'validation.outOfRange', params: { min: low, max: high } });
  if (min !== undefined && max !== undefined && max < min)
    problems.push({ field: 'devicesMax', code: 'validation.tooSmall', params: { min } });
  const conditions: Condition | undefined =
    more.conditions.length === 0
      ? undefined
      : more.conditions.length === 1
        ? more.conditions[0]
        : more.conditionsJoin === 'or'
          ? { or: more.conditions }
          : { and: more.conditions };
  return {
    ...(hourStart === undefined ? {} : { hourStart }),
    ...(hourEnd === undefined ? {} : { hourEnd }),
    ...(min === undefined && max === undefined
      ? {}
      : { connectedDevices: { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) } }),
    ...(conditions ? { conditions } : {}),
  };
}

function displayOf(display: Display, problems: ConfigurationProblem[]): DisplayOptionsInput {
  const [minY, maxY] = [display.minY, display.maxY].map((text) => (text.trim() === '' ? undefined : Number(text)));
  for (const [field, value] of [
    ['minY', minY],
    ['maxY', maxY],
  ] as const)
    if (value !== undefined && !Number.isFinite(value)) problems.push({ field, code: 'validation.invalidNumber' });
  if (minY !== undefined && maxY !== undefined && maxY < minY)
    problems.push({ field: 'maxY', code: 'validation.tooSmall', params: { min: minY } });
  const { colours, ...rest } = display;
  return {
    ...rest,
    minY,
    maxY,
    ...(colours.length > 0 ? { colours } : {}),
  };
}

/** The KPI chart's part: a KPI per breakdown with its options, or a table of a KPI by rows and columns. */
function kpiPart(
  filters: GraphicFilters,
  choice: GeneratorChoice,
  kpi: KpiId | undefined,
  problems: ConfigurationProblem[],
): Partial<QueryIrInput> {
  const { rows, columns } = choice.axes;
  if (choice.type === 'table' && (rows || columns)) {
    if (!rows) problems.push({ field: 'rows', code: 'validation.required' });
    if (!columns) problems.push({ field: 'columns', code: 'validation.required' });
    if (rows && rows === columns) problems.push({ field: 'columns', code: 'validation.invalidOption' });
    if (rows === 'time' && filters.granularity === 'no_granularity')
      problems.push({ field: 'granularity', code: 'validation.required' });
    return {
      axes: { ...(rows ? { rows } : {}), ...(columns ? { columns } : {}), ...(kpi ? { value: kpi } : {}) },
      breakdowns: [],
    };
  }
  const { more } = choice;
  const window = whole(more.movingAverage);
  if (!isWholeIn(window, 2, 100))
    problems.push({ field: 'movingAverage', code: 'validation.outOfRange', params: { min: 2, max: 100 } });
  return {
    ...(kpi ? { kpi } : {}),
    breakdowns: filters.breakdowns,
    globalAverage: filters.globalAverage,
    median: filters.median,
    outliers: filters.outliers,
    ordered: more.ordered,
    sortOrder: more.sortOrder,
    ...(window === undefined ? {} : { movingAverage: window }),
  };
}

/** The axes part of a boxplot (a field's boxes per breakdown) or a scatterplot (two fields, by universe or campaign). */
function fieldsPart(filters: GraphicFilters, choice: GeneratorChoice, problems: ConfigurationProblem[]) {
  const { x, y, value } = choice.axes;
  if (choice.type === 'boxplot') {
    if (!value) problems.push({ field: 'value', code: 'validation.required' });
    return { axes: value ? { value } : {}, breakdowns: filters.breakdowns, outliers: filters.outliers };
  }
  if (!x) problems.push({ field: 'x', code: 'validation.required' });
  if (!y) problems.push({ field: 'y', code: 'validation.required' });
  const group = filters.breakdowns.find((dimension) => dimension === 'universe' || dimension === 'campaign');
  return { axes: { ...(x ? { x } : {}), ...(y ? { y } : {}) }, breakdowns: group ? [group] : [] };
}

/**
 * The graphic request (the query IR of `POST /api/graphic`) of a configuration, and what keeps it from being asked:
 * a field left out or out of range. `kpi` is the one the KPI chart plots (the picked one, else the profile's first).
 */
export function graphicRequestOf(
  generator: Generator,
  filters: GraphicFilters,
  choice: GeneratorChoice,
  group: SelectionGroup,
  kpi: KpiId | undefined,
): { request: QueryIrInput; problems: ConfigurationProblem[] } {
  const problems: ConfigurationProblem[] = [];
  if (filters.tsStart && filters.tsEnd && filters.tsEnd < filters.tsStart)
    problems.push({ field: 'tsEnd', code: 'validation.endBeforeStart' });
  const kind = dataKindOf(choice.type);
  if (kind === 'kpi' && !kpi) problems.push({ field: 'kpi', code: 'validation.required' });
  const part = kind === 'kpi' ? kpiPart(filters, choice, kpi, problems) : fieldsPart(filters, choice, problems);
  const request: QueryIrInput = {
    generator,
    graphicType: choice.type,
    metric: filters.metric,
    granularity: filters.granularity,
    ...selectionOf(filters, group),
    ...moreSelection(choice.more, problems),
    ...part,
    display: displayOf(choice.display, problems),
  };
  return { request, problems };
}
