import { z } from 'zod';
import { inRange, missingOr, numberValue, percentage } from '../configuration/common.ts';
import { count, positiveMilliseconds, wholeNumber } from './task-arguments.ts';
import { measurementTtlMaxMs } from './task-limits.ts';

// A task suite's task rules (docs/product/entities.md#task-suite): how and when a probe runs the tasks of its suite.
// Times in milliseconds.

/** async: tasks overlap; sync: one after the other; alternate: one task per cycle, in turn. */
export const executionModes = ['async', 'sync', 'alternate'] as const;

const whole = (min: number, max: number) => inRange(wholeNumber, min, max);

/** An instant of the week: weekday 1 (Monday) to 7 (Sunday), hour 0–23, minute 0–59. */
export const weeklyInstantSchema = z.object({ weekday: whole(1, 7), hour: whole(0, 23), minute: whole(0, 59) });

const atLeastZero = numberValue.min(0, 'validation.tooSmall');

export const schedulingSchema = z.object({
  start: weeklyInstantSchema.default({ weekday: 1, hour: 0, minute: 0 }),
  end: weeklyInstantSchema.default({ weekday: 7, hour: 23, minute: 59 }),
  pingInterval: positiveMilliseconds.optional(),
  testInterval: positiveMilliseconds.optional(),
  measurementInterval: positiveMilliseconds.optional(),
  /** How long a measurement's results are kept on the probe for sending: at most 2 days. */
  measurementTtl: positiveMilliseconds.max(measurementTtlMaxMs, 'taskSuites.measurementTtlTooLong').optional(),
  measurementCount: count.optional(),
  /** Passive tests stop beyond these: distance travelled (m), data consumed (MB), battery left (%). */
  passiveLimits: z
    .object({
      distance: atLeastZero.optional(),
      dataConsumption: atLeastZero.optional(),
      battery: percentage.optional(),
    })
    .prefault({}),
});

export const taskRulesSchema = z.object({
  executionMode: z.enum(executionModes, { error: missingOr('validation.invalidOption') }).default('sync'),
  needGps: z.boolean().default(false),
  randomizeTasks: z.boolean().default(false),
  checkConnection: z.boolean().default(false),
  showPassiveTests: z.boolean().default(false),
  radioParamsCollect: z.boolean().default(false),
  scheduling: schedulingSchema.prefault({}),
  /** The least download and upload speed (kbit/s) the connection needs for the tasks to run. */
  speedRequirements: z
    .object({
      download: numberValue.gt(0, 'validation.mustBePositive').optional(),
      upload: numberValue.gt(0, 'validation.mustBePositive').optional(),
    })
    .prefault({}),
});
export type TaskRules = z.output<typeof taskRulesSchema>;
