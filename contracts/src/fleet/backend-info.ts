import { z } from 'zod';
import { isHttpUrl, missingOr } from '../configuration/common.ts';
import { positiveMilliseconds } from './task-arguments.ts';

/** Report modes (docs/product/entities.md#value-lists): when a probe sends its status or its results. */
export const reportModes = ['Alternate', 'Immediately', 'Interval', 'No report', 'Task Suite', 'Timer'] as const;
export type ReportMode = (typeof reportModes)[number];

/** The modes that repeat on a clock and so need an interval. */
const timedReportModes: readonly ReportMode[] = ['Interval', 'Timer'];

export const reportSettingsSchema = z
  .object({
    mode: z.enum(reportModes, { error: missingOr('validation.invalidOption') }),
    interval: positiveMilliseconds.optional(),
  })
  .refine((report) => !timedReportModes.includes(report.mode) || report.interval !== undefined, {
    message: 'validation.required',
    path: ['interval'],
  });

/**
 * Backend info (of a probe and of a task suite; docs/product/entities.md#task-suite): where and how often the probe
 * reports.
 */
export const backendInfoSchema = z.object({
  httpUrl: z
    .string({ error: missingOr('validation.invalidFormat') })
    .trim()
    .refine(isHttpUrl, 'validation.invalidFormat')
    .optional(),
  statusReport: reportSettingsSchema.optional(),
  resultReport: reportSettingsSchema.optional(),
  sms: z
    .object({
      number: z
        .string()
        .trim()
        .regex(/^\d{3,15}$/, 'validation.digitsOnly')
        .optional(),
      interval: positiveMilliseconds.optional(),
    })
    .optional(),
});
export type BackendInfo = z.output<typeof backendInfoSchema>;
