import { z } from 'zod';
import { alertFieldsSchema, alertGroupings } from '../configuration/alert.ts';
import { missingOr } from '../configuration/common.ts';
import { warningBodySchema } from '../errors/index.ts';
import { catalogueError } from '../errors/issue-params.ts';
import { alertGroupStates } from './alert-history.ts';

// A back-test (the alert form, docs/product/rules.md#alert): what an alert as the form has it would have done over the
// last days, evaluated by the same rules as the live evaluator over the stored measurements, before it is saved.

export const alertBacktestDays = { min: 1, max: 31, default: 7 } as const;
/** The choices the form offers. */
export const alertBacktestDayChoices = [1, 7, 14, 30] as const;
/** At most this many groups are answered, and this many windows of each: a wider answer says it was cut. */
export const alertBacktestMaxGroups = 200;
export const alertBacktestMaxWindows = 500;

const daysOutOfRange = {
  error: catalogueError('alerts.backtestDaysOutOfRange', { min: alertBacktestDays.min, max: alertBacktestDays.max }),
};

/** `POST /api/alert-config/backtest`: the alert's fields as a save takes them, and how many days back to look. */
export const alertBacktestBodySchema = alertFieldsSchema.extend({
  days: z
    .number({ error: missingOr('validation.invalidNumber') })
    .int(daysOutOfRange)
    .min(alertBacktestDays.min, daysOutOfRange)
    .max(alertBacktestDays.max, daysOutOfRange)
    .default(alertBacktestDays.default),
});
export type AlertBacktestBody = z.input<typeof alertBacktestBodySchema>;

/** A window of a group in which the rule records an entry (as the live evaluator would in the history). */
export const alertBacktestWindowSchema = z.object({
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  state: z.enum(alertGroupStates),
  measurements: z.number().int().nonnegative(),
  matching: z.number().int().nonnegative(),
  /** The condition that fired (index in the alert's conditions) and the worst value it saw. */
  condition: z.number().int().nonnegative().optional(),
  value: z.number().optional(),
});
export type AlertBacktestWindow = z.output<typeof alertBacktestWindowSchema>;

export const alertBacktestGroupSchema = z.object({
  group: z.object({ kind: z.enum(alertGroupings), id: z.string(), label: z.string().optional() }),
  windows: z.array(alertBacktestWindowSchema),
});
export type AlertBacktestGroup = z.output<typeof alertBacktestGroupSchema>;

export const alertBacktestResultSchema = z.object({
  /** The time looked at: from the start of the window holding `days` ago to now. */
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  days: z.number().int(),
  /** The groups with at least one entry, those that fired first, then by id. */
  groups: z.array(alertBacktestGroupSchema),
  summary: z.object({
    measurements: z.number().int().nonnegative(),
    groups: z.number().int().nonnegative(),
    windowsFiring: z.number().int().nonnegative(),
    firstFiring: z.iso.datetime().optional(),
    lastFiring: z.iso.datetime().optional(),
  }),
  warnings: z.array(warningBodySchema),
});
export type AlertBacktestResult = z.output<typeof alertBacktestResultSchema>;
