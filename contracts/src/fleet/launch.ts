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
});
export type Launch = z.output<typeof launchSchema>;

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
