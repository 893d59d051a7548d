import { z } from 'zod';
import type { HttpErrorCode } from '../errors/index.ts';
import { kpiById } from '../measurements/kpis.ts';
import { activeStatus, entityId, entityIds, missingOr, numberValue, technologyCode } from './common.ts';

/** Alert type (docs/product/entities.md#alert): the service whose measurements it watches. */
export const alertTypes = ['landline', 'mobile'] as const;
export type AlertType = (typeof alertTypes)[number];

/**
 * Alert operators (docs/product/entities.md#alert): equal, not equal, greater, greater or equal, lower, lower or equal.
 */
export const alertOperators = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] as const;
export type AlertOperator = (typeof alertOperators)[number];

/** Alert interval units (docs/product/entities.md#alert). */
export const alertIntervalUnits = ['week', 'day', 'hour', 'minute', 'second'] as const;
export type AlertIntervalUnit = (typeof alertIntervalUnits)[number];

/** What an alert's measurements are grouped by: each group is evaluated on its own. */
export const alertGroupings = ['probe', 'universe', 'campaign'] as const;
export type AlertGrouping = (typeof alertGroupings)[number];

/**
 * Landline alerts are grouped by probe or universe, mobile alerts by probe or campaign (docs/product/rules.md#alert).
 */
export const alertGroupingsOfType: Record<AlertType, readonly AlertGrouping[]> = {
  landline: ['probe', 'universe'],
  mobile: ['probe', 'campaign'],
};
const groupingRefusals: Record<AlertType, HttpErrorCode> = {
  landline: 'alerts.landlineGrouping',
  mobile: 'alerts.mobileGrouping',
};

/** The refusal of a grouping its type does not allow (docs/product/rules.md#alert), or undefined when it is allowed. */
export const alertGroupingRefusal = (type: AlertType, grouping: AlertGrouping): HttpErrorCode | undefined =>
  alertGroupingsOfType[type].includes(grouping) ? undefined : groupingRefusals[type];

/** An alert's name is not empty and has a maximum length (docs/product/rules.md#alert). */
export const alertNameMaxLength = 64;
export const alertMaxConditions = 20;
export const alertMaxRecipients = 50;

const alertName = z
  .string({ error: missingOr('validation.invalidFormat', 'alerts.nameRequired') })
  .trim()
  .min(1, 'alerts.nameRequired')
  .max(alertNameMaxLength, 'alerts.nameTooLong');

/** One condition: the KPI of a program compared with a value (`download` of `speedtest` lower than 50). */
export const alertConditionSchema = z.object({
  program: entityId.describe("A program of the owner's profile"),
  kpi: z
    .string({ error: missingOr('validation.invalidFormat') })
    .trim()
    .refine((kpi) => kpiById.has(kpi), 'alerts.unknownKpi')
    .describe('A KPI of the catalogue that the program measures'),
  operator: z.enum(alertOperators, { error: missingOr('validation.invalidOption') }),
  value: numberValue.describe("In the KPI's unit"),
});
export type AlertCondition = z.output<typeof alertConditionSchema>;

const conditionKey = (condition: Partial<AlertCondition>) =>
  JSON.stringify([condition.program, condition.kpi, condition.operator, condition.value]);

/** The same condition twice is refused, naming both (counted from 1; docs/product/rules.md#alert). */
const alertConditions = z
  .array(alertConditionSchema)
  .min(1, 'alerts.conditionsRequired')
  .max(alertMaxConditions, 'validation.tooBig')
  .superRefine((conditions, context) => {
    const firstOf = new Map<string, number>();
    conditions.forEach((condition, index) => {
      const key = conditionKey(condition);
      const first = firstOf.get(key);
      if (first === undefined) firstOf.set(key, index);
      else
        context.addIssue({
          code: 'custom',
          path: [index],
          message: 'alerts.duplicateCondition',
          params: { first: first + 1, second: index + 1 },
        });
    });
  });

const intervalRequired = 'alerts.intervalRequired';

/** The interval over which measurements are evaluated needs a value and a unit (docs/product/rules.md#alert). */
export const alertIntervalSchema = z.object(
  {
    value: z
      .number({ error: missingOr('validation.invalidNumber', intervalRequired) })
      .int('validation.invalidNumber')
      .gt(0, 'validation.mustBePositive'),
    unit: z.enum(alertIntervalUnits, { error: missingOr('validation.invalidOption', intervalRequired) }),
  },
  { error: intervalRequired },
);
export type AlertInterval = z.output<typeof alertIntervalSchema>;

/** Every e-mail recipient is a valid address (an empty one is refused as such; docs/product/rules.md#alert). */
const recipient = z
  .string({ error: missingOr('validation.invalidFormat', 'alerts.recipientEmpty') })
  .trim()
  .toLowerCase()
  .superRefine((address, context) => {
    if (address === '') context.addIssue({ code: 'custom', message: 'alerts.recipientEmpty' });
    else if (address.length > 254 || !z.email().safeParse(address).success)
      context.addIssue({ code: 'custom', message: 'alerts.recipientInvalid', params: { recipient: address } });
  });

/** Notification by e-mail: when enabled, to at least one recipient (docs/product/rules.md#alert). */
export const alertEmailSchema = z
  .object({
    enabled: z.boolean({ error: 'validation.invalidOption' }).default(false),
    recipients: z.array(recipient).max(alertMaxRecipients, 'validation.tooBig').default([]),
  })
  .refine((email) => !email.enabled || email.recipients.length > 0, {
    error: 'alerts.recipientsRequired',
    path: ['recipients'],
  });

/** Notification to the console (push). */
export const alertPushSchema = z.object({
  enabled: z.boolean({ error: 'validation.invalidOption' }).default(false),
});

/**
 * Alert of a profile (visible to it and to isGod profiles; docs/product/entities.md#alert). An evaluator reads: the
 * `conditions` (each the KPI of a program, an operator and a value) over the measurements of the last `interval`, of
 * the alert's `type`, narrowed by `technologies`, `campaigns`, `universes` and `providers` (empty: all), grouped by
 * `grouping`; a group whose measurements meet a condition at least `eventsCount` times fires. `status`
 * (Active/Inactive: docs/product/states.md#alerts) and `enabled` (enabled/disabled) must both allow it;
 * `notifyOnlyNew` notifies only a group that was not firing already.
 */
export const alertFieldsSchema = z.object({
  name: alertName,
  type: z.enum(alertTypes, { error: missingOr('validation.invalidOption') }),
  status: activeStatus,
  conditions: alertConditions,
  interval: alertIntervalSchema,
  eventsCount: z
    .number({ error: missingOr('validation.invalidNumber') })
    .int('validation.invalidNumber')
    .min(1, 'validation.tooSmall')
    .default(1)
    .describe('How many measurements of a group must meet a condition within the interval'),
  technologies: z.array(technologyCode).default([]),
  campaigns: entityIds,
  universes: entityIds,
  providers: entityIds,
  grouping: z.enum(alertGroupings, { error: missingOr('validation.invalidOption') }),
  email: alertEmailSchema.default({ enabled: false, recipients: [] }),
  push: alertPushSchema.default({ enabled: false }),
  notifyOnlyNew: z.boolean({ error: 'validation.invalidOption' }).default(false),
  enabled: z.boolean({ error: 'validation.invalidOption' }).default(true),
});
export type AlertFields = z.output<typeof alertFieldsSchema>;

/** What a list of alerts may be narrowed to besides its name (`q`): their type, and enabled or disabled ones. */
export const alertListFiltersSchema = z.object({
  type: z.enum(alertTypes, { error: 'validation.invalidOption' }).optional(),
  enabled: z.stringbool({ error: 'validation.invalidOption' }).optional(),
});

/** `PUT /api/alert-config/{id}/{action}`: enable or disable an alert. */
export const alertSwitchActions = ['enable', 'disable'] as const;
