import { z } from 'zod';
import { inRange, isHttpUrl, isUrlWith, missingOr, numberValue } from '../configuration/common.ts';
import {
  defaultPercentiles,
  layer3MinimumMs,
  maxPercentiles,
  taskDurationMinimumMs,
  twampPacketSize,
} from './task-limits.ts';

// Arguments that several task types share (docs/product/rules.md#task-rules). Single-field limits live here, each with
// its catalogue code; rules that compare fields are checked by the services (task-rules.ts).

export const wholeNumber = numberValue.int('validation.invalidNumber');

/** A time in milliseconds greater than 0. */
export const positiveMilliseconds = wholeNumber.gt(0, 'validation.mustBePositive');

/** A time in milliseconds; 0 allowed. */
export const milliseconds = wholeNumber.min(0, 'validation.tooSmall');

export const taskDuration = wholeNumber.min(taskDurationMinimumMs, 'taskSuites.taskDurationTooShort');

const layer3Time = wholeNumber.min(layer3MinimumMs, 'taskSuites.layer3TimeTooShort');
export const layer3SettingsSchema = z.object({ waitTime: layer3Time, sendTime: layer3Time, ttl: layer3Time });

const urlText = (isValid: (text: string) => boolean) =>
  z
    .string({ error: missingOr('validation.invalidFormat') })
    .trim()
    .refine(isValid, 'validation.invalidFormat');
export const httpUrl = urlText(isHttpUrl);
export const ftpUrl = urlText(isUrlWith(['ftp:', 'ftps:']));

/** A host name or an IP address. */
export const host = z
  .string({ error: missingOr('validation.invalidFormat') })
  .trim()
  .min(1, 'validation.required')
  .max(253, 'validation.tooLong')
  .regex(/^[A-Za-z0-9._:-]+$/, 'validation.invalidFormat');

export const port = inRange(wholeNumber, 1, 65_535);

/** A server a task measures against; without a port, the task type's default one. */
export const serverSchema = z.object({ host, port: port.optional() });
/** The servers of a task; those that need them need at least one (checked with the task, see task-rules.ts). */
export const servers = z.array(serverSchema).default([]);

const threadCount = wholeNumber.min(1, 'taskSuites.threadsTooFew');
/** Parallel connections: the task starts with `initial` and may ramp up to `max` (max ≥ initial). */
export const threadsSchema = z.object({ initial: threadCount, max: threadCount });

export const rampUp = numberValue.min(0, 'taskSuites.rampUpOutOfRange').max(1, 'taskSuites.rampUpOutOfRange');

const percentile = numberValue.min(0, 'taskSuites.percentileOutOfRange').max(100, 'taskSuites.percentileOutOfRange');
export const percentiles = z
  .array(percentile)
  .max(maxPercentiles, 'taskSuites.tooManyPercentiles')
  .default(() => [...defaultPercentiles]);

const hasAtMostDecimals = (decimals: number) => (value: number) => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-9;
};
/** The share of failed requests (0 to 1, at most 3 decimals) above which the task fails. */
export const errorThreshold = numberValue
  .min(0, 'taskSuites.errorThresholdInvalid')
  .max(1, 'taskSuites.errorThresholdInvalid')
  .refine(hasAtMostDecimals(3), 'taskSuites.errorThresholdInvalid');

export const twampPacketBytes = wholeNumber
  .min(twampPacketSize.min, 'taskSuites.twampPacketSizeOutOfRange')
  .max(twampPacketSize.max, 'taskSuites.twampPacketSizeOutOfRange');

/** A packet payload in bytes (at most the largest IPv4 datagram payload). */
export const packetBytes = inRange(wholeNumber, 0, 65_507);

export const count = wholeNumber.min(1, 'validation.tooSmall');
