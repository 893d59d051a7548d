import { z } from 'zod';
import { measurementSchema, testTypes } from '../measurements/measurement.ts';
import type { TaskType } from './tasks.ts';

// The measurement launcher (docs/product/states.md#measurement-launches): a task launched now on a probe, what the
// probe answers about it, and the result the console shows. `Pending` also stands for "in progress"; a launch nobody
// answered by its deadline is `TimedOut`.

export const launchStates = ['Pending', 'Finished', 'Cancelled', 'Error', 'TimedOut'] as const;
export type LaunchState = (typeof launchStates)[number];
/** What a probe may say about a launch it was given. */
export const launchOutcomes = ['Finished', 'Error', 'Cancelled'] as const;

/** What the probe measured for a launch, as the launcher shows it. */
export const launchResultSchema = measurementSchema.pick({
  testType: true,
  status: true,
  measuredAt: true,
  kpis: true,
});
export type LaunchResult = z.output<typeof launchResultSchema>;

export const launchSchema = z.object({
  id: z.string(),
  probeId: z.string(),
  task: z.record(z.string(), z.unknown()),
  state: z.enum(launchStates),
  requestedBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Still `Pending` at this instant, the launch becomes `TimedOut`. */
  deadline: z.string(),
  measurementId: z.string().optional(),
  cancelledBy: z.string().optional(),
  result: launchResultSchema.optional(),
  /** The launch on a cluster's probes this one is part of. */
  groupId: z.string().optional(),
});
export type Launch = z.output<typeof launchSchema>;

/** The most probes one launch on a cluster reaches. */
export const maxProbesPerLaunch = 10_000;

/** A task launched on every active probe of a cluster the requester sees, at once. */
export const clusterLaunchRequestSchema = z.object({
  clusterId: z.string().min(1, 'validation.required').max(128, 'validation.tooLong'),
  task: z.record(z.string(), z.unknown()).describe('The task to run, as in a task suite (type and arguments)'),
  confirm: z.boolean().default(false).describe('Cancel the launches in progress on the cluster’s probes, if any'),
});
export type ClusterLaunchRequest = z.input<typeof clusterLaunchRequestSchema>;

/** A launch on a cluster's probes: what was asked, and how many of its launches are in each state. */
export const launchGroupSchema = z.object({
  id: z.string(),
  clusterId: z.string(),
  task: z.record(z.string(), z.unknown()),
  requestedBy: z.string(),
  createdAt: z.string(),
  /** How many probes it was launched on. */
  probes: z.number().int(),
  states: z.partialRecord(z.enum(launchStates), z.number().int()),
});
export type LaunchGroup = z.output<typeof launchGroupSchema>;

export const clusterLaunchAnswerSchema = z.object({
  group: launchGroupSchema,
  /** Launches in progress it cancelled (after a confirmation). */
  cancelled: z.number().int(),
});

export const launchGroupPageSchema = launchGroupSchema.extend({
  list: z.array(launchSchema),
  /** The launches of the state asked for (every state when none). */
  total: z.number().int(),
});
export type LaunchGroupPage = z.output<typeof launchGroupPageSchema>;

/** A probe's answer about a launch: how it ended and, when it measured, the measurement (one of its results). */
export const launchReportSchema = z.object({
  state: z.enum(launchOutcomes, { error: 'validation.invalidOption' }),
  measurementId: z.string().max(128, 'validation.tooLong').optional(),
  measurement: measurementSchema.optional().describe('The measurement taken; it joins the probe’s results'),
});
export type LaunchReport = z.input<typeof launchReportSchema>;

type TestType = (typeof testTypes)[number];
/** Task types measured as another test type (YouTube is a video test; a POLQA call, a VoIP one). */
const measuredAs: Partial<Record<TaskType, TestType>> = { youtube: 'video', 'voice-polqa': 'voip' };

/** The test type a task's measurement carries. */
export const testTypeOfTask = (taskType: string): TestType | undefined =>
  measuredAs[taskType as TaskType] ?? (testTypes.includes(taskType as TestType) ? (taskType as TestType) : undefined);
