import { z } from 'zod';
import { dateOrInstant, granularities, kpiIdSchema } from '../analytics/query-ir.ts';
import { taskSchemas } from '../fleet/tasks.ts';
import { measurementFailureSchema, measurementStatuses, testTypes } from './measurement.ts';

// One probe's programs, the results of one of them over a window (paged) and a KPI of
// them over time, each read within the caller's profile (docs/product/api.md#test-analysis).

type TestType = (typeof testTypes)[number];
type Section = (typeof measurementStatuses)[number];

/** The results a status filter keeps: `ok` the finished and valid ones, `error` those that failed or were refused. */
export const resultStatusSections = {
  ok: ['Finished', 'Valid'],
  error: ['Error', 'Invalid'],
} as const satisfies Record<string, readonly Section[]>;
export type ResultStatus = keyof typeof resultStatusSections;
export const resultStatuses = Object.keys(resultStatusSections) as ResultStatus[];

const hasLayer3Settings = new Set<string>(
  taskSchemas.filter((schema) => 'layer3' in schema.shape).map((schema) => schema.shape.type.value),
);

/**
 * The results a probe's network-layer settings (`further.layer3`, `further.layer4`) bear on: layer 3, the tests that
 * send their own packets (the tasks that carry layer-3 settings: pings, TWAMP, traceroute, gaming); layer 4, the
 * transfers over a transport connection (HTTP and FTP downloads and uploads).
 */
export const networkLayerTestTypes = {
  layer3: testTypes.filter((type) => hasLayer3Settings.has(type)),
  layer4: ['http-download', 'http-upload', 'ftp-download', 'ftp-upload'],
} as const satisfies Record<string, readonly TestType[]>;
export type NetworkLayer = keyof typeof networkLayerTestTypes;
export const networkLayers = Object.keys(networkLayerTestTypes) as NetworkLayer[];

const invalidOption = { error: 'validation.invalidOption' };

/** The window and narrowing every test-analysis read of a program's results takes (query string). */
export const testAnalysisWindowSchema = z.object({
  from: dateOrInstant.optional().describe('A day (in the profile time zone) or an instant; default: no lower bound'),
  to: dateOrInstant.optional().describe('A day (its end) or an instant; default: no upper bound'),
  status: z.enum(resultStatuses, invalidOption).optional(),
  layer: z.enum(networkLayers, invalidOption).optional(),
});
export type TestAnalysisWindow = z.output<typeof testAnalysisWindowSchema>;

const pageNumber = z.coerce.number({ error: 'validation.invalidNumber' }).int('validation.invalidNumber');

export const testAnalysisResultsQuerySchema = testAnalysisWindowSchema.extend({
  page: pageNumber.min(1, 'validation.tooSmall').default(1),
  pageSize: pageNumber.min(1, 'validation.tooSmall').max(200, 'validation.tooBig').default(25),
  order: z.enum(['asc', 'desc'], invalidOption).default('desc').describe('By measured time; default newest first'),
});
export type TestAnalysisResultsQuery = z.output<typeof testAnalysisResultsQuerySchema>;

/**
 * A page of the probes the caller sees (docs/product/roles.md#data-restrictions: those whose measurements its profile
 * lets through), by probe id.
 */
export const testAnalysisProbesQuerySchema = z.object({
  q: z.string().trim().max(200, 'validation.tooBig').optional().describe('Text the probe id or name holds (any case)'),
  page: pageNumber.min(1, 'validation.tooSmall').default(1),
  pageSize: pageNumber.min(1, 'validation.tooSmall').max(200, 'validation.tooBig').default(50),
});
export type TestAnalysisProbesQuery = z.output<typeof testAnalysisProbesQuerySchema>;

export const testAnalysisProbeSchema = z.object({ id: z.string(), probeId: z.string(), name: z.string() });
export type TestAnalysisProbe = z.output<typeof testAnalysisProbeSchema>;

export const testAnalysisProbesSchema = z.object({
  list: z.array(testAnalysisProbeSchema),
  count: z.number().int().describe('Every probe seen that the text matches'),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TestAnalysisProbes = z.output<typeof testAnalysisProbesSchema>;

export const testAnalysisSeriesQuerySchema = testAnalysisWindowSchema.extend({
  kpi: kpiIdSchema,
  granularity: z.enum(granularities, invalidOption).default('day'),
});
export type TestAnalysisSeriesQuery = z.output<typeof testAnalysisSeriesQuerySchema>;

export const testAnalysisProgramsSchema = z.object({
  probeId: z.string(),
  list: z.array(z.object({ program: z.string(), count: z.number().int(), lastMeasuredAt: z.string() })),
  count: z.number().int(),
});
export type TestAnalysisPrograms = z.output<typeof testAnalysisProgramsSchema>;

const layerSettings = z.record(z.string(), z.unknown()).nullable();
export const testAnalysisLayerSchema = z.object({ probeId: z.string(), layer3: layerSettings, layer4: layerSettings });
export type TestAnalysisLayer = z.output<typeof testAnalysisLayerSchema>;

/** One result of a program: when, how it ended (and why it failed, when its probe told) and its KPI values (the profile's). */
export const testAnalysisResultSchema = z.object({
  measurementId: z.string(),
  measuredAt: z.string(),
  status: z.enum(measurementStatuses),
  testType: z.enum(testTypes),
  destination: z.string().optional(),
  technology: z.number().int(),
  kpis: z.record(z.string(), z.number()),
  failure: measurementFailureSchema.optional(),
});
export type TestAnalysisResult = z.output<typeof testAnalysisResultSchema>;

/** A KPI the program's results carry, as the interface names it. */
export const testAnalysisKpiSchema = z.object({
  id: z.string(),
  label: z.string(),
  unit: z.string(),
  inverse: z.boolean(),
});
export type TestAnalysisKpi = z.output<typeof testAnalysisKpiSchema>;

export const testAnalysisResultsSchema = z.object({
  probeId: z.string(),
  program: z.string(),
  list: z.array(testAnalysisResultSchema),
  count: z.number().int().describe('Every result the window and filters select'),
  page: z.number().int(),
  pageSize: z.number().int(),
  kpis: z.array(testAnalysisKpiSchema).describe("The KPIs of the program's results in the window, catalogue order"),
});
export type TestAnalysisResults = z.output<typeof testAnalysisResultsSchema>;
