import { z } from 'zod';
import { dateOrInstant } from './query-ir.ts';

/** Where an answer came from: the raw measurements, or the named cube (`cube <name>`). */
export const answerSourceSchema = z.union([z.literal('raw'), z.templateLiteral(['cube ', z.string()])]);
export type AnswerSource = z.output<typeof answerSourceSchema>;

/** A rebuild's range: whole days (the cube's zone) or instants; at most `maxRebuildDays` long. */
export const maxRebuildDays = 3_660;
export const cubeRebuildBodySchema = z.object({ from: dateOrInstant, to: dateOrInstant });
export type CubeRebuildBody = z.output<typeof cubeRebuildBodySchema>;

export const cubeRebuildStates = ['queued', 'running', 'done', 'failed'] as const;
export const cubeRebuildSchema = z.object({
  rebuildId: z.string(),
  state: z.enum(cubeRebuildStates),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  /** Raw measurements read so far, of `total` in the range (known once counted). */
  done: z.number().int(),
  total: z.number().int().optional(),
  rows: z.number().int().optional(),
  requestedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().optional(),
  /** Why it failed, in the caller's language. */
  message: z.string().optional(),
});
export type CubeRebuild = z.output<typeof cubeRebuildSchema>;

/** What the cubes screen shows of each cube beside its definition. */
export const cubeStatusSchema = z.object({
  cubeId: z.string(),
  name: z.string(),
  rows: z.number().int(),
  /** Distinct time buckets held, and the first and last of them. */
  buckets: z.number().int(),
  oldestBucket: z.iso.datetime().optional(),
  newestBucket: z.iso.datetime().optional(),
  sizeBytes: z.number().int(),
  /** Of the analytics queries of the last 24 hours, how many this cube answered and how many it could not. */
  hits: z.number().int(),
  misses: z.number().int(),
  /** Measurements of `measurements.enriched` not yet in the cube; unknown while its maintainer has not reported. */
  lagMessages: z.number().int().optional(),
  lastRebuild: cubeRebuildSchema.optional(),
});
export type CubeStatus = z.output<typeof cubeStatusSchema>;
export const cubeStatusListSchema = z.object({
  cubes: z.array(cubeStatusSchema),
  /** Analytics queries of the last 24 hours that no cube covered (answered from raw measurements). */
  rawQueries: z.number().int(),
});
export type CubeStatusList = z.output<typeof cubeStatusListSchema>;
