import { z } from 'zod';
import { logPositionSchema } from '../events/log-position.ts';
import { csvOptionsQueryFields, refuseCsvSeparators } from '../files/csv-options.ts';
import type { GeoBounds } from './map-tiles.ts';
import { probeStatuses, probeTypes } from './probe.ts';
import { probeStatusRowSchema } from './probe-status.ts';

// The fleet as its screens ask for it (docs/product/api.md#probe-status, #probe-maps): the probe status a page at a
// time, filtered and sorted by the store; the probes map by the area and zoom the user looks at, as clusters past
// `probeMapPointLimit` probes.

/** How far pages of the probe status reach (Elasticsearch's result window); its count is of every probe matching. */
export const probeStatusWindow = 10_000;

/** The state filter's "never reported" choice. */
export const neverReportedState = 'none';

export const probeStatusSortFields = [
  'probeId',
  'name',
  'type',
  'state',
  'status',
  'lastReportAt',
  'technology',
  'operator',
  'battery',
] as const;
export type ProbeStatusSortField = (typeof probeStatusSortFields)[number];

const flag = z.enum(['true', 'false'], { error: 'validation.invalidOption' }).transform((value) => value === 'true');
const commaList = (max: number) =>
  z
    .string()
    .max(max * 70, 'validation.tooLong')
    .transform((text) => [...new Set(text.split(',').map((id) => id.trim()))].filter(Boolean))
    .refine((ids) => ids.length <= max, { message: 'validation.tooBig', params: { max } });

/** Which probes: the filters the probe status screen offers (the probes map's table too). */
export const probeFleetFilterSchema = z.object({
  q: z.string().trim().max(100, 'validation.tooLong').optional().describe('Text in the probe id or name'),
  state: z
    .enum([...probeStatuses, neverReportedState], { error: 'validation.invalidOption' })
    .optional()
    .describe(`The state last reported, or ${neverReportedState} for probes that never reported`),
  status: z.enum(probeStatuses, { error: 'validation.invalidOption' }).optional().describe('The configured status'),
  type: z.enum(probeTypes, { error: 'validation.invalidOption' }).optional(),
  technology: z.coerce.number({ error: 'validation.invalidNumber' }).int('validation.invalidNumber').optional(),
  operator: z.string().trim().min(1).max(64, 'validation.tooLong').optional().describe('The operator last reported'),
  located: flag.optional().describe('false: only the probes without coordinates (true: only those with)'),
  inClusters: flag
    .optional()
    .describe('true: only the probes that belong now to the clusters the caller sees (or to clusterIds)'),
  clusterIds: commaList(200).optional().describe('Comma-separated cluster ids'),
});
export type ProbeFleetFilter = z.output<typeof probeFleetFilterSchema>;

export const probeStatusQuerySchema = probeFleetFilterSchema
  .extend({
    format: z.enum(['json', 'csv'], { error: 'validation.invalidOption' }).default('json'),
    page: z.coerce.number().int('validation.invalidNumber').min(1, 'validation.tooSmall').default(1),
    pageSize: z.coerce
      .number()
      .int('validation.invalidNumber')
      .min(1, 'validation.tooSmall')
      .max(200, 'validation.tooBig')
      .default(50),
    sort: z.enum(probeStatusSortFields, { error: 'validation.invalidOption' }).default('probeId'),
    order: z.enum(['asc', 'desc'], { error: 'validation.invalidOption' }).default('asc'),
    minPosition: logPositionSchema.optional().describe('Wait (up to 5 s) until the list shows this write'),
    // How the CSV (format=csv) is written; what is left out follows the caller's language.
    ...csvOptionsQueryFields,
  })
  .superRefine((query, context) => {
    if (query.format === 'csv') refuseCsvSeparators(query, context);
    if (query.format === 'json' && query.page * query.pageSize > probeStatusWindow)
      context.addIssue({
        code: 'custom',
        message: 'validation.outOfRange',
        path: ['page'],
        params: { min: 1, max: Math.floor(probeStatusWindow / query.pageSize) },
      });
  });
export type ProbeStatusQuery = z.output<typeof probeStatusQuerySchema>;

/** A probe of the probe status list: its status row and where it is (none: no coordinates). */
export const probeFleetRowSchema = probeStatusRowSchema.extend({
  position: z
    .object({ lat: z.number(), lon: z.number() })
    .nullable()
    .describe('Its fixed position, else where it last reported from'),
});
export type ProbeFleetRow = z.output<typeof probeFleetRowSchema>;

export const probeStatusPageSchema = z.object({
  list: z.array(probeFleetRowSchema),
  count: z.number().int().describe('Every probe matching, however many pages'),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProbeStatusPage = z.output<typeof probeStatusPageSchema>;

/** At most this many probes in the area asked for are answered one by one; more are answered as clusters. */
export const probeMapPointLimit = 500;

/** "west,south,east,north" in degrees. */
const boundingBox = z
  .string()
  .transform((text, context): GeoBounds => {
    const numbers = text.split(',').map((part) => Number(part.trim()));
    const [west, south, east, north] = numbers as [number, number, number, number];
    if (
      numbers.length !== 4 ||
      numbers.some((value) => !Number.isFinite(value)) ||
      south < -90 ||
      north > 90 ||
      south > north
    ) {
      context.addIssue({ code: 'custom', message: 'validation.invalidFormat' });
      return z.NEVER;
    }
    return { west, south, east, north };
  })
  .describe('The area looked at: west,south,east,north in degrees (the whole world when left out)');

export const probesMapQuerySchema = z.object({
  bbox: boundingBox.optional(),
  zoom: z.coerce
    .number({ error: 'validation.invalidNumber' })
    .min(0, 'validation.tooSmall')
    .max(24, 'validation.tooBig')
    .default(0)
    .describe("The map's zoom: the finer, the smaller its clusters"),
  probeIds: commaList(probeMapPointLimit).optional().describe('Only these probes (comma-separated)'),
});
export type ProbesMapQuery = z.output<typeof probesMapQuerySchema>;

export const clusterProbesMapQuerySchema = probesMapQuerySchema.extend({
  clusterIds: commaList(200).optional().describe('Comma-separated cluster ids'),
});

const point = z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) });

/** A probe on the map: its status row, and the clusters it belongs to on a cluster map. */
export const probeMapProbeSchema = probeStatusRowSchema.extend({
  kind: z.literal('probe'),
  clusters: z.array(z.string()).optional(),
});

/** Probes close together at the zoom asked for: one map tile's. */
export const probeMapClusterSchema = z.object({
  kind: z.literal('cluster'),
  tile: z.string().describe('The web-mercator tile, z/x/y'),
  count: z.number().int(),
  /** The worst state shown among them (reported, else configured). */
  worstState: z.string().nullable(),
  states: z.record(z.string(), z.number().int()).describe('How many show each state'),
});

export const probesMapAnswerSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.union([
      z.object({ type: z.literal('Feature'), geometry: point, properties: probeMapProbeSchema }),
      z.object({ type: z.literal('Feature'), geometry: point, properties: probeMapClusterSchema }),
    ]),
  ),
  clustered: z.boolean().describe(`Whether the features are clusters (past ${probeMapPointLimit} probes in the area)`),
  located: z.number().int().describe('The probes with coordinates in the area'),
  withoutCoordinates: z.number().int().describe('The probes without coordinates (anywhere)'),
  bounds: z
    .object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() })
    .nullable()
    .describe('The box around the probes located in the area'),
  warnings: z.array(z.object({ code: z.string(), message: z.string() })),
});
export type ProbesMapAnswer = z.output<typeof probesMapAnswerSchema>;
export type ProbeOnMap = z.output<typeof probeMapProbeSchema>;
export type ProbeCluster = z.output<typeof probeMapClusterSchema>;
