import { z } from 'zod';
import { inRange, missingOr, numberValue, technologyCode, timeZoneName } from '../configuration/common.ts';
import { fringeCodes } from '../identity/profile.ts';
import { type KpiId, kpiIds } from '../measurements/kpis.ts';
import { measurementSources } from '../measurements/measurement.ts';
import { filterIds, filterValues } from './filter-values.ts';
import { displayOptionsSchema } from './graphic-display.ts';

// One query language for every chart, scorecard, map and export — the graphic filter set
// (docs/product/entities.md#graphic-filter-set).
// Both compilers (Elasticsearch aggregations and SQL) take it after the caller's profile scope is intersected in.

/**
 * Metrics (docs/product/entities.md#value-lists). `uniqueCount` counts the distinct probes that measured the KPI in a
 * bucket.
 */
export const metrics = ['avg', 'count', 'median', 'min', 'max', 'p10', 'p90', 'first', 'last', 'uniqueCount'] as const;
export type Metric = (typeof metrics)[number];
/** Boxplot values (Q1 and Q3 spelt in lower case; docs/product/entities.md#value-lists). */
export const boxplotValues = ['min', 'q1', 'median', 'q3', 'max'] as const;
export const granularities = [
  'minutes',
  'hours',
  'day',
  'week',
  'weekday',
  'month',
  'quarter',
  'year',
  'no_granularity',
] as const;
export type Granularity = (typeof granularities)[number];
export const comparisonOperators = ['gte', 'gt', 'lt', 'lte', 'eq'] as const;
export type ComparisonOperator = (typeof comparisonOperators)[number];
/**
 * Condition operators (docs/product/entities.md#value-lists); the joiners (and, or, not) are the keys of a condition
 * tree's inner nodes.
 */
export const conditionOperators = [...comparisonOperators, 'not_exists'] as const;
export const sortOrders = ['ascending', 'descending'] as const;
/**
 * Whether a selection filter keeps (include) or drops (exclude) the values it lists
 * (docs/product/entities.md#graphic-filter-set, `…Cond`).
 */
export const filterModes = ['include', 'exclude'] as const;
export type FilterMode = (typeof filterModes)[number];
/**
 * Graph types (docs/product/screens.md#basic_graphic_generator-and-advanced_graphic_generator): boxplot and scatterplot
 * (advanced generator only) plot their axes, not a KPI.
 */
export const graphicTypes = ['bars', 'line', 'area', 'table', 'pie', 'boxplot', 'scatterplot'] as const;
export type GraphicType = (typeof graphicTypes)[number];
/**
 * The basic generator draws these; the advanced one every graphic type
 * (docs/product/screens.md#basic_graphic_generator-and-advanced_graphic_generator).
 */
export const basicGraphicTypes = ['bars', 'line', 'area', 'table', 'pie'] as const satisfies GraphicType[];
export const generators = ['basic', 'advanced'] as const;
/**
 * What a series may be broken down by. `destination` is the task argument measured against
 * (docs/product/entities.md#graphic-filter-set, `args`); campaigns, universes, clusters and tags are lists, so a
 * measurement counts in the series of each of its values. `status` is the measurement's result section
 * (docs/product/states.md#measurement-result-sections). `source` is who measured it: the panel, or the public data it
 * was imported from (a measurement stored without one counts as the panel's).
 */
export const dimensions = [
  'program',
  'testType',
  'status',
  'destination',
  'isp',
  'provider',
  'technology',
  'probe',
  'probeType',
  'campaign',
  'universe',
  'cluster',
  'tag',
  'fringe',
  'source',
] as const;
export type Dimension = (typeof dimensions)[number];
/** A table's rows: the values of a dimension, or the time buckets of the granularity. */
export const rowAxes = [...dimensions, 'time'] as const;
export type RowAxis = (typeof rowAxes)[number];

/** The scatterplot shows a random 10,000 points per universe or campaign (docs/product/limits.md#samples-and-pages). */
export const scatterplotSampleSize = 10_000;
/** A value is an outlier when it lies more than this many standard deviations from the mean of the selection. */
export const defaultOutlierDeviations = 3;
/** Breakdowns nest (e.g. ISP then technology) at most this deep. */
export const maxBreakdowns = 3;
const maxConditionsPerJoiner = 20;

const invalidOption = { error: missingOr('validation.invalidOption') };
export const kpiIdSchema = z.enum(kpiIds as [KpiId, ...KpiId[]], invalidOption);
const filterMode = z.enum(filterModes, invalidOption).default('include');
const idList = (field: string) => filterIds(field).optional();
const wholeNumber = () => z.number({ error: missingOr('validation.invalidNumber') }).int('validation.invalidNumber');
const localHour = inRange(wholeNumber(), 0, 23);
/** A calendar date (the whole day in the query's time zone) or an exact instant with `Z` or an offset. */
export const dateOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: missingOr('validation.invalidDate'),
});

export const kpiConditionSchema = z.discriminatedUnion(
  'operator',
  [
    z.object({ kpi: kpiIdSchema, operator: z.enum(comparisonOperators), value: numberValue }),
    z.object({ kpi: kpiIdSchema, operator: z.literal('not_exists') }),
  ],
  invalidOption,
);
export type KpiCondition = z.output<typeof kpiConditionSchema>;

/** A KPI condition, or conditions joined by and / or, or one negated by not. Recursive, so its type is spelt out. */
export type Condition = KpiCondition | { and: Condition[] } | { or: Condition[] } | { not: Condition };
const joined = () =>
  z.array(conditionTree).min(1, 'validation.required').max(maxConditionsPerJoiner, 'validation.tooBig');
const conditionTree: z.ZodType<Condition> = z
  .lazy(() =>
    z.union(
      [
        kpiConditionSchema,
        z.strictObject({ and: joined() }),
        z.strictObject({ or: joined() }),
        z.strictObject({ not: conditionTree }),
      ],
      invalidOption,
    ),
  )
  // Named: the OpenAPI document can only refer to a recursive schema as a component of its own.
  .meta({ id: 'GraphicCondition' });
const maxConditionDepth = 6;
/**
 * KPI conditions a tree holds at most, however it joins them: each is a clause of the store's query, and
 * Elasticsearch refuses a query of a few thousand clauses (20 per joiner over 6 levels would allow millions).
 */
export const maxConditions = 100;

const conditionsBelow = (node: unknown): unknown[] => {
  if (typeof node !== 'object' || node === null) return [];
  const { and, or, not } = node as Record<string, unknown>;
  return [...(Array.isArray(and) ? and : []), ...(Array.isArray(or) ? or : []), ...(not === undefined ? [] : [not])];
};

/**
 * A tree as sent (a leaf is 1 level), looked at level by level and never further than `maxDepth`: whether it nests
 * deeper, and how many leaves (KPI conditions) it holds.
 */
function shapeOf(tree: unknown, maxDepth: number): { tooDeep: boolean; leaves: number } {
  let level = [tree];
  let leaves = 0;
  for (let depth = 1; level.length > 0; depth += 1) {
    if (depth > maxDepth) return { tooDeep: true, leaves };
    const below = level.map(conditionsBelow);
    leaves += below.filter((nodes) => nodes.length === 0).length;
    level = below.flat();
  }
  return { tooDeep: false, leaves };
}

/**
 * A condition tree, refused before it is parsed when it nests too deep (parsing recurses once per level) or holds
 * too many conditions.
 */
export const conditionSchema: z.ZodType<Condition> = z.preprocess((tree, context) => {
  const { tooDeep, leaves } = shapeOf(tree, maxConditionDepth);
  if (tooDeep)
    context.addIssue({ code: 'custom', message: 'graphics.conditionsTooDeep', params: { max: maxConditionDepth } });
  else if (leaves > maxConditions)
    context.addIssue({ code: 'custom', message: 'graphics.tooManyConditions', params: { max: maxConditions } });
  return tree;
}, conditionTree);

/**
 * The selection and time filters and the conditions of the filter set: which measurements a query reads, whatever it
 * computes from them (a graphic, a map, a page of measurements, an export).
 */
export const selectionFields = z.object({
  programs: idList('programs'),
  args: idList('args'),
  argsCond: filterMode,
  isps: idList('isps'),
  ispsCond: filterMode,
  tags: idList('tags'),
  tagsCond: filterMode,
  technologies: filterValues('technologies', technologyCode).optional(),
  technologiesCond: filterMode,
  clusters: idList('clusters'),
  campaigns: idList('campaigns'),
  universes: idList('universes'),
  probes: idList('probes'),
  // Time filters: the dates are whole days in `timeZone` (default: the profile's), 00:00:00 to 23:59:59; the hour
  // window and fringes are the measurement's local ones, recorded at ingest.
  tsStart: dateOrInstant.optional(),
  tsEnd: dateOrInstant.optional(),
  /** Inclusive; a window that wraps midnight (22 to 5) is allowed. */
  hourStart: localHour.optional(),
  hourEnd: localHour.optional(),
  fringes: filterValues('fringes', z.literal(fringeCodes, invalidOption), fringeCodes.length).optional(),
  fringesCond: filterMode,
  /** Who measured it: the panel's own measurements or public data (RIPE Atlas, M-Lab…), kept or left out. */
  sources: filterValues('sources', z.enum(measurementSources, invalidOption), measurementSources.length).optional(),
  sourcesCond: filterMode,
  timeZone: timeZoneName.optional(),
  conditions: conditionSchema.optional(),
  /** Only the measurements taken with this many devices connected to the probe's network (bounds inclusive). */
  connectedDevices: z
    .object({ min: inRange(wholeNumber(), 0, 100_000).optional(), max: inRange(wholeNumber(), 0, 100_000).optional() })
    .optional(),
  /**
   * Only the measurements received by then: the data as it stood at that instant, so that a published number is
   * answered the same however many late results arrived since (an answer's `reproduce` names it).
   */
  receivedUntil: z.iso.datetime({ offset: true, error: 'validation.invalidDate' }).optional(),
});
export type SelectionFields = z.output<typeof selectionFields>;

type Problem = (message: string, path: PropertyKey[]) => void;
type Checked = Pick<SelectionFields, 'tsStart' | 'tsEnd' | 'connectedDevices'>;

const checkSelection = (selection: Checked, problem: Problem) => {
  if (selection.tsStart && selection.tsEnd && Date.parse(selection.tsEnd) < Date.parse(selection.tsStart))
    problem('validation.endBeforeStart', ['tsEnd']);
  const { min, max } = selection.connectedDevices ?? {};
  if (min !== undefined && max !== undefined && max < min)
    problem('validation.invalidOption', ['connectedDevices', 'max']);
};

const problemsOf =
  (context: z.RefinementCtx): Problem =>
  (message, path) =>
    context.addIssue({ code: 'custom', message, path });

/** A body built on the selection fields, with the rules spanning them (an end date after the start). */
export const withSelectionRules = <Schema extends z.ZodType<Checked>>(schema: Schema): Schema =>
  schema.superRefine((selection, context) => checkSelection(selection, problemsOf(context)));

/** The fields of the filter set, before the rules spanning them (queryIrSchema); screens pick theirs from it. */
export const queryIrFields = selectionFields.extend({
  graphicType: z.enum(graphicTypes, invalidOption).default('bars'),
  kpi: kpiIdSchema.optional(),
  /**
   * Boxplot: `value` is the KPI boxed; scatterplot: `x` and `y` are the KPIs plotted against each other; a table with
   * `rows` and `columns` is a matrix of the metric of the `value` KPI per row and column value.
   */
  axes: z
    .object({
      x: kpiIdSchema.optional(),
      y: kpiIdSchema.optional(),
      value: kpiIdSchema.optional(),
      rows: z.enum(rowAxes, invalidOption).optional(),
      columns: z.enum(dimensions, invalidOption).optional(),
    })
    .optional(),
  breakdowns: z.array(z.enum(dimensions, invalidOption)).max(maxBreakdowns, 'validation.tooBig').default([]),
  granularity: z.enum(granularities, invalidOption).default('no_granularity'),
  // Options
  metric: z.enum(metrics, invalidOption).default('avg'),
  /** Drop the values outside mean ± `outlierDeviations` standard deviations (population) of the whole selection. */
  outliers: z.boolean({ error: 'validation.invalidOption' }).default(false),
  outlierDeviations: inRange(numberValue, 1, 10).optional(),
  /** Window, in buckets, of a trailing moving average drawn beside each series. */
  movingAverage: inRange(wholeNumber(), 2, 100).optional(),
  /** Add each series' mean of its bucket values (a reference line). */
  globalAverage: z.boolean({ error: 'validation.invalidOption' }).default(false),
  /** Add each series' median of its bucket values (a reference line). */
  median: z.boolean({ error: 'validation.invalidOption' }).default(false),
  /** Order the series by their mean bucket value (otherwise by key). */
  ordered: z.boolean({ error: 'validation.invalidOption' }).default(false),
  sortOrder: z.enum(sortOrders, invalidOption).default('ascending'),
  /** The scatterplot's sample is reproducible by seed; without one the answer names the seed it used. */
  seed: inRange(wholeNumber(), 0, 2_147_483_647).optional(),
  /**
   * Which generator screen asks (docs/product/screens.md#basic_graphic_generator-and-advanced_graphic_generator). It
   * decides nothing: the graphic types a caller draws follow its profile's layers (the advanced types only with the
   * advanced generator).
   */
  generator: z.enum(generators, invalidOption).optional(),
  /**
   * Graphic display options (but the graphic type, above; docs/product/entities.md#graphic-display-options); the answer
   * echoes them, defaults filled.
   */
  display: displayOptionsSchema.optional(),
});

/** A table of rows and columns (a matrix), not series over an axis. */
export const isMatrix = (ir: Pick<QueryIr, 'axes'>): boolean =>
  ir.axes?.rows !== undefined || ir.axes?.columns !== undefined;

const plotsAxes = (graphicType: GraphicType) => graphicType === 'boxplot' || graphicType === 'scatterplot';

/** A matrix is a table of a KPI (`axes.value`) by rows and columns, which stand in for the breakdowns. */
function checkMatrix(ir: z.output<typeof queryIrFields>, problem: Problem) {
  const { rows, columns, value } = ir.axes ?? {};
  if (ir.graphicType !== 'table') problem('validation.invalidOption', ['graphicType']);
  if (!rows) problem('validation.required', ['axes', 'rows']);
  if (!columns) problem('validation.required', ['axes', 'columns']);
  if (rows && rows === columns) problem('validation.invalidOption', ['axes', 'columns']);
  if (!value) problem('validation.required', ['axes', 'value']);
  if (ir.kpi) problem('validation.invalidOption', ['kpi']);
  if (ir.breakdowns.length > 0) problem('validation.invalidOption', ['breakdowns']);
  if (rows === 'time' && ir.granularity === 'no_granularity') problem('validation.required', ['granularity']);
}

/** Graphic filter set (docs/product/entities.md#graphic-filter-set), as the body of a graphic request. */
export const queryIrSchema = queryIrFields.superRefine((ir, context) => {
  const problem = problemsOf(context);
  if (plotsAxes(ir.graphicType) && ir.kpi) problem('graphics.kpiNotAllowed', ['kpi']);
  if (isMatrix(ir)) checkMatrix(ir, problem);
  else if (!plotsAxes(ir.graphicType) && !ir.kpi) problem('validation.required', ['kpi']);
  if (ir.graphicType === 'boxplot' && !ir.axes?.value) problem('validation.required', ['axes', 'value']);
  if (ir.graphicType === 'scatterplot') {
    if (!ir.axes?.x) problem('validation.required', ['axes', 'x']);
    if (!ir.axes?.y) problem('validation.required', ['axes', 'y']);
    const [group, ...more] = ir.breakdowns;
    if (more.length > 0 || (group && group !== 'universe' && group !== 'campaign'))
      problem('validation.invalidOption', ['breakdowns']);
  }
  if (new Set(ir.breakdowns).size !== ir.breakdowns.length) problem('validation.invalidOption', ['breakdowns']);
  checkSelection(ir, problem);
});
export type QueryIr = z.output<typeof queryIrSchema>;
export type QueryIrInput = z.input<typeof queryIrSchema>;
