import { z } from 'zod';
import { entityId, timeZoneName } from '../configuration/common.ts';
import { errorBodySchema, warningBodySchema } from '../errors/index.ts';
import { fringeCodes, programSchema } from '../identity/profile.ts';
import { filterIds } from './filter-values.ts';
import { narrowedBySchema } from './narrowing.ts';
import { kpiIdSchema, metrics } from './query-ir.ts';
import { metricSeriesSchema } from './query-result.ts';

// /smartPerformance: dashboards built from the profile's KPIs and programs, one chart per KPI over a recent
// window, refreshed at the chosen interval.

const invalidOption = { error: 'validation.invalidOption' } as const;

/** How far back a dashboard looks, up to the moment it is asked. */
export const smartPerformanceWindows = ['24h', '7d', '30d', '90d'] as const;
export type SmartPerformanceWindow = (typeof smartPerformanceWindows)[number];
export const defaultSmartPerformanceWindow: SmartPerformanceWindow = '7d';

const hour = 3_600_000;
const day = 24 * hour;
export const smartPerformanceWindowMs: Record<SmartPerformanceWindow, number> = {
  '24h': day,
  '7d': 7 * day,
  '30d': 30 * day,
  '90d': 90 * day,
};

/** The time buckets a dashboard's series may have (weekday and no granularity are not over time). */
export const smartPerformanceGranularities = ['minutes', 'hours', 'day', 'week', 'month'] as const;
export type SmartPerformanceGranularity = (typeof smartPerformanceGranularities)[number];
/** Roughly how long a bucket lasts: enough to bound how many buckets a window holds. */
export const granularityMs: Record<SmartPerformanceGranularity, number> = {
  minutes: 60_000,
  hours: hour,
  day,
  week: 7 * day,
  month: 30 * day,
};
/** Each window's buckets unless asked otherwise: a few dozen points per series. */
export const defaultGranularityOf: Record<SmartPerformanceWindow, SmartPerformanceGranularity> = {
  '24h': 'hours',
  '7d': 'day',
  '30d': 'day',
  '90d': 'week',
};
/** A window is refused buckets finer than this many (90 days by hour is the finest long view). */
export const maxSmartPerformanceBuckets = 2_200;

/** What each KPI's series stand for: a program of the profile, an ISP, or a fringe of the day. */
export const smartPerformanceGroupings = ['program', 'isp', 'fringe'] as const;
export type SmartPerformanceGrouping = (typeof smartPerformanceGroupings)[number];

/** A KPI of the dashboard: the profile's (or the catalogue's default) fringes it is shown in, and its direction. */
export const smartPerformanceKpiSchema = z.object({
  id: kpiIdSchema,
  fringes: z.array(z.literal(fringeCodes)),
  inverse: z.boolean().describe('Lower is better'),
  unit: z.string(),
});
export type SmartPerformanceKpi = z.output<typeof smartPerformanceKpiSchema>;

/** `GET /profile/smartPerformance`: what the profile's dashboards show. */
export const smartPerformanceDashboardSchema = z.object({
  kpis: z.array(smartPerformanceKpiSchema).describe("The profile's KPIs; every catalogue KPI when it lists none"),
  programs: z.array(programSchema),
  /** The programs' groups, in the order first met, each with its programs' ids. */
  groups: z.array(z.object({ name: z.string(), programs: z.array(entityId) })),
  grouping: z.enum(smartPerformanceGroupings).describe('By program when the profile lists programs, else by ISP'),
  windows: z.array(z.enum(smartPerformanceWindows)),
  defaultWindow: z.enum(smartPerformanceWindows),
  timeZone: timeZoneName,
});
export type SmartPerformanceDashboard = z.output<typeof smartPerformanceDashboardSchema>;

/** `POST /api/smart-performance`: which window, buckets and grouping, optionally fewer KPIs or programs. */
export const smartPerformanceRequestSchema = z.object({
  window: z.enum(smartPerformanceWindows, invalidOption).default(defaultSmartPerformanceWindow),
  granularity: z
    .enum(smartPerformanceGranularities, invalidOption)
    .optional()
    .describe("Default: the window's (hours for 24 h, days for 7 and 30 days, weeks for 90 days)"),
  grouping: z.enum(smartPerformanceGroupings, invalidOption).optional().describe("Default: the dashboard's"),
  metric: z.enum(metrics, invalidOption).default('avg'),
  kpis: z.array(kpiIdSchema).max(50, 'validation.tooBig').optional().describe("Some of the dashboard's KPIs"),
  programs: filterIds('programs')
    .optional()
    .describe("Some of the profile's programs (any measured program when it lists none)"),
});
export type SmartPerformanceRequest = z.input<typeof smartPerformanceRequestSchema>;

const chartFacts = {
  kpi: kpiIdSchema,
  fringes: z.array(z.literal(fringeCodes)),
  inverse: z.boolean(),
  unit: z.string(),
};

/** One KPI's chart: its series over the window, or why it could not be computed (the other charts stand). */
export const smartPerformanceChartSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ready'),
    ...chartFacts,
    series: z.array(metricSeriesSchema),
    warnings: z.array(warningBodySchema),
    /** What the caller's profile narrowed the chart by, when it did. */
    narrowedBy: narrowedBySchema.optional(),
  }),
  z.object({ status: z.literal('failed'), ...chartFacts, error: errorBodySchema }),
]);
export type SmartPerformanceChart = z.output<typeof smartPerformanceChartSchema>;

export const smartPerformanceAnswerSchema = z.object({
  /** The instants the window covered when asked, and the time zone its buckets are in. */
  window: z.object({
    name: z.enum(smartPerformanceWindows),
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    timeZone: timeZoneName,
  }),
  granularity: z.enum(smartPerformanceGranularities),
  grouping: z.enum(smartPerformanceGroupings),
  metric: z.enum(metrics),
  charts: z.array(smartPerformanceChartSchema),
});
export type SmartPerformanceAnswer = z.output<typeof smartPerformanceAnswerSchema>;
