import {
  type DisplayOptions,
  defaultGraphicWidth,
  graphicDistributions,
  labelRotations,
  orientations,
} from '@nq/contracts/analytics/graphic-display';
import {
  basicGraphicTypes,
  type Dimension,
  dimensions,
  type GraphicType,
  type generators,
  graphicTypes,
  type KpiCondition,
  kpiConditionSchema,
  type RowAxis,
  rowAxes,
  sortOrders,
} from '@nq/contracts/analytics/query-ir';
import { type KpiId, kpiIds } from '@nq/contracts/measurements/kpis';
import { z } from 'zod';

export type Generator = (typeof generators)[number];

/** The graph types by their labels, in alphabetical order: Area, Bars, Boxplot, Linear, Pie, Scatterplot, Table. */
const pickerOrder: readonly GraphicType[] = ['area', 'bars', 'boxplot', 'line', 'pie', 'scatterplot', 'table'];

/** The graph types a generator offers, in the picker's order. */
export const typesOf = (generator: Generator): GraphicType[] => {
  const allowed: readonly GraphicType[] = generator === 'basic' ? basicGraphicTypes : graphicTypes;
  return pickerOrder.filter((type) => allowed.includes(type));
};

/**
 * What a graphic plots: a KPI's metric (bars, line, area, pie, table), a field's boxes or two fields' points. Moving
 * between them leaves nothing of the drawn data that still applies.
 */
export type DataKind = 'kpi' | 'boxplot' | 'scatterplot';
export const dataKindOf = (type: GraphicType): DataKind =>
  type === 'boxplot' || type === 'scatterplot' ? type : 'kpi';

/** The fields a graphic plots beside the KPI: boxplot `value`, scatterplot `x` and `y`, a table's rows and columns. */
export interface GeneratorAxes {
  x: KpiId | '';
  y: KpiId | '';
  value: KpiId | '';
  rows: RowAxis | '';
  columns: Dimension | '';
}

/** The filters and options of the filter set the shared panel does not hold, as typed (numbers as text). */
export interface MoreFilters {
  hourStart: string;
  hourEnd: string;
  devicesMin: string;
  devicesMax: string;
  conditions: KpiCondition[];
  conditionsJoin: 'and' | 'or';
  movingAverage: string;
  ordered: boolean;
  sortOrder: (typeof sortOrders)[number];
}
export const noMoreFilters: MoreFilters = {
  hourStart: '',
  hourEnd: '',
  devicesMin: '',
  devicesMax: '',
  conditions: [],
  conditionsJoin: 'and',
  movingAverage: '',
  ordered: false,
  sortOrder: 'ascending',
};

/** Every display option (docs/product/entities.md#graphic-display-options) but the graphic type, defaults filled. */
export type Display = Omit<DisplayOptions, 'minY' | 'maxY' | 'colours'> & {
  minY: string;
  maxY: string;
  colours: string[];
};
export const defaultDisplay: Display = {
  orientation: 'vertical',
  graphicDistribution: 'sideToSide',
  labelRotation: 0,
  xAxisRotation: 0,
  minY: '',
  maxY: '',
  spanGaps: false,
  transpose: false,
  width: defaultGraphicWidth,
  colours: [],
  showLabels: false,
  showLegend: true,
};

/** The generator's own part of the address: the type, the view, the axes, the other filters and the display. */
export interface GeneratorChoice {
  type: GraphicType;
  view: 'configuration' | 'graphic';
  axes: GeneratorAxes;
  more: MoreFilters;
  display: Display;
}

const oneOf = <T extends string | number>(allowed: readonly T[], value: unknown, fallback: T): T =>
  (allowed as readonly unknown[]).includes(value) ? (value as T) : fallback;
const conditionList = z.array(kpiConditionSchema);

function conditionsFrom(text: string | null): KpiCondition[] {
  if (!text) return [];
  try {
    const parsed = conditionList.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

const rotation = (text: string | null) => oneOf(labelRotations, Number(text), 0);

/** The generator's choice an address holds; what it lacks, or holds wrongly, is the default. */
export function choiceFromParams(params: URLSearchParams, generator: Generator): GeneratorChoice {
  const text = (name: string) => params.get(name) ?? '';
  const flag = (name: string, byDefault: boolean) => (params.has(name) ? params.get(name) === 'true' : byDefault);
  const width = Number(params.get('width'));
  return {
    type: oneOf(typesOf(generator), params.get('type'), 'bars'),
    view: params.get('view') === 'graphic' ? 'graphic' : 'configuration',
    axes: {
      x: oneOf<KpiId | ''>(kpiIds, params.get('x'), ''),
      y: oneOf<KpiId | ''>(kpiIds, params.get('y'), ''),
      value: oneOf<KpiId | ''>(kpiIds, params.get('value'), ''),
      rows: oneOf<RowAxis | ''>(rowAxes, params.get('rows'), ''),
      columns: oneOf<Dimension | ''>(dimensions, params.get('columns'), ''),
    },
    more: {
      hourStart: text('hourStart'),
      hourEnd: text('hourEnd'),
      devicesMin: text('devicesMin'),
      devicesMax: text('devicesMax'),
      conditions: conditionsFrom(params.get('conditions')),
      conditionsJoin: params.get('conditionsJoin') === 'or' ? 'or' : 'and',
      movingAverage: text('movingAverage'),
      ordered: flag('ordered', false),
      sortOrder: oneOf(sortOrders, params.get('sortOrder'), 'ascending'),
    },
    display: {
      orientation: oneOf(orientations, params.get('orientation'), defaultDisplay.orientation),
      graphicDistribution: oneOf(graphicDistributions, params.get('distribution'), defaultDisplay.graphicDistribution),
      labelRotation: rotation(params.get('labelRotation')),
      xAxisRotation: rotation(params.get('xAxisRotation')),
      minY: text('minY'),
      maxY: text('maxY'),
      spanGaps: flag('spanGaps', false),
      transpose: flag('transpose', false),
      width: Number.isInteger(width) && width >= 1 && width <= 100 ? width : defaultGraphicWidth,
      colours: (params.get('colours') ?? '').split(',').filter((colour) => /^#[0-9a-fA-F]{6}$/.test(colour)),
      showLabels: flag('showLabels', false),
      showLegend: flag('showLegend', true),
    },
  };
}

/** The address with this choice, the filters' parameters kept; defaults are left out so addresses stay short. */
export function paramsWithChoice(params: URLSearchParams, choice: GeneratorChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  const { axes, more, display } = choice;
  const entries: Record<string, string | undefined> = {
    type: choice.type === 'bars' ? undefined : choice.type,
    view: choice.view === 'graphic' ? 'graphic' : undefined,
    ...axes,
    hourStart: more.hourStart,
    hourEnd: more.hourEnd,
    devicesMin: more.devicesMin,
    devicesMax: more.devicesMax,
    conditions: more.conditions.length > 0 ? JSON.stringify(more.conditions) : undefined,
    conditionsJoin: more.conditionsJoin === 'or' ? 'or' : undefined,
    movingAverage: more.movingAverage,
    ordered: more.ordered ? 'true' : undefined,
    sortOrder: more.sortOrder === 'ascending' ? undefined : more.sortOrder,
    orientation: display.orientation === defaultDisplay.orientation ? undefined : display.orientation,
    distribution:
      display.graphicDistribution === defaultDisplay.graphicDistribution ? undefined : display.graphicDistribution,
    labelRotation: display.labelRotation ? String(display.labelRotation) : undefined,
    xAxisRotation: display.xAxisRotation ? String(display.xAxisRotation) : undefined,
    minY: display.minY,
    maxY: display.maxY,
    spanGaps: display.spanGaps ? 'true' : undefined,
    transpose: display.transpose ? 'true' : undefined,
    width: display.width === defaultGraphicWidth ? undefined : String(display.width),
    colours: display.colours.join(','),
    showLabels: display.showLabels ? 'true' : undefined,
    showLegend: display.showLegend ? undefined : 'false',
  };
  for (const [name, value] of Object.entries(entries)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}
