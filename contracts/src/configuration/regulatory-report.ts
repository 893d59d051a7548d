import { z } from 'zod';
import { kpiIdSchema } from '../analytics/query-ir.ts';
import { measurementSources } from '../measurements/measurement.ts';
import {
  boundedText,
  configurationName,
  entityIds,
  inRange,
  missingOr,
  numberValue,
  technologyCode,
  timeZoneName,
} from './common.ts';

const wholeNumber = () => z.number({ error: missingOr('validation.invalidNumber') }).int('validation.invalidNumber');
const day = z.iso.date({ error: missingOr('validation.invalidDate') });

/**
 * What a regulatory report publishes of a KPI: a central value (median, mean), a percentile, the share of tests at
 * least or at most a threshold (in the KPI's unit), or "consistent speed" (80/80: the speed 80 % of probes reach in
 * 80 % of their tests; speeds only).
 */
export const regulatoryStatisticSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('median') }),
    z.object({ kind: z.literal('mean') }),
    z.object({ kind: z.literal('percentile'), p: inRange(wholeNumber(), 1, 99) }),
    z.object({ kind: z.literal('shareAtLeast'), threshold: numberValue }),
    z.object({ kind: z.literal('shareAtMost'), threshold: numberValue }),
    z.object({ kind: z.literal('consistent') }),
  ],
  { error: missingOr('validation.invalidOption') },
);
export type RegulatoryStatistic = z.output<typeof regulatoryStatisticSchema>;
export const regulatoryStatisticKinds = [
  'median',
  'mean',
  'percentile',
  'shareAtLeast',
  'shareAtMost',
  'consistent',
] as const;

/** The KPIs "consistent speed" applies to. */
export const speedKpis = ['download', 'upload'] as const;

export const regulatoryKpiSchema = z.object({
  kpi: kpiIdSchema,
  statistics: z.array(regulatoryStatisticSchema).min(1, 'validation.required').max(8, 'validation.tooManyItems'),
});

/**
 * Regulatory report (docs/features/regulatory-reports.md): which measurements it publishes figures of (its population
 * and period), which figures, and the rules a figure must meet to be published. Its history and as-of are those of
 * every configuration entity: a run names the version it was computed with.
 */
export const regulatoryReportFieldsSchema = z.object({
  name: configurationName,
  description: boundedText(0, 2000).default(''),
  /** The panel: every listed universe, campaign, cluster, provider and technology narrows it (none listed: all). */
  universes: entityIds,
  campaigns: entityIds,
  clusters: entityIds,
  providers: entityIds,
  technologies: z.array(technologyCode).max(12, 'validation.tooManyItems').default([]),
  /** Whose measurements: the panel's own by default; public data (RIPE Atlas, M-Lab…) only when asked. */
  sources: z.array(z.enum(measurementSources, { error: 'validation.invalidOption' })).default(['panel']),
  /** Whole days in `timeZone`, both included. */
  from: day,
  to: day,
  timeZone: timeZoneName.default('Etc/UTC'),
  /** Local hours, both included (19 to 22: 7 pm to 11 pm); none: the whole day. */
  peakHours: z
    .object({ from: inRange(wholeNumber(), 0, 23), to: inRange(wholeNumber(), 0, 23) })
    .nullable()
    .default(null),
  /** A figure per provider and technology, else per provider. */
  byTechnology: z.boolean().default(false),
  kpis: z.array(regulatoryKpiSchema).min(1, 'validation.required').max(12, 'validation.tooManyItems'),
  /** A figure from fewer measurements or probes is not published, and says so. */
  minimumMeasurements: inRange(wholeNumber(), 1, 1_000_000).default(100),
  minimumProbes: inRange(wholeNumber(), 1, 100_000).default(5),
  /** Bootstrap resamples over probes, and its seed: the same seed gives the same intervals. */
  resamples: inRange(wholeNumber(), 100, 10_000).default(1_000),
  seed: inRange(wholeNumber(), 0, 2_147_483_647).default(1),
});
export type RegulatoryReportFields = z.output<typeof regulatoryReportFieldsSchema>;
