import { z } from 'zod';
import { alertGroupings, alertTypes } from '../configuration/alert.ts';

// An alert's history (docs/product/entities.md#alert, states.md#alerts and api.md#alerts): what the evaluator decided
// for one group of the alert's measurements in one window of the alert's interval.

/**
 * A group's state after a window: `firing` (a condition met at least the events count), `resolved` (it was firing
 * and no longer is), `noData` (a group that used to report sent nothing for a whole window).
 */
export const alertGroupStates = ['firing', 'resolved', 'noData'] as const;
export type AlertGroupState = (typeof alertGroupStates)[number];

export const alertHistoryIdSchema = z.string().regex(/^ah-[a-f0-9]{32}$/, 'resource.notFound');

/** One history entry; its id is derived from (alert, group, window), so a replay records it once. */
export const alertHistoryEntrySchema = z.object({
  id: alertHistoryIdSchema,
  alertId: z.string(),
  alertName: z.string(),
  alertType: z.enum(alertTypes),
  group: z.object({
    kind: z.enum(alertGroupings),
    id: z.string(),
    /** The probe's, universe's or campaign's name when known. */
    label: z.string().optional(),
  }),
  state: z.enum(alertGroupStates),
  window: z.object({ start: z.iso.datetime(), end: z.iso.datetime() }),
  /** Measurements of the group in the window, and how many met a condition. */
  measurements: z.number().int().nonnegative(),
  matching: z.number().int().nonnegative(),
  /** The condition that fired (index in the alert's conditions) and the worst value it saw. */
  condition: z.number().int().nonnegative().optional(),
  value: z.number().optional(),
  recordedAt: z.iso.datetime(),
  read: z.boolean(),
});
export type AlertHistoryEntry = z.output<typeof alertHistoryEntrySchema>;

/** `GET /api/alert-history` query: paged, newest first, narrowed by alert, state, group and dates. */
export const alertHistoryQuerySchema = z.object({
  alertId: z.string().optional(),
  state: z.enum(alertGroupStates, { error: 'validation.invalidOption' }).optional(),
  groupId: z.string().optional(),
  read: z.stringbool({ error: 'validation.invalidOption' }).optional(),
  from: z.iso.datetime({ error: 'validation.invalidDate' }).optional(),
  to: z.iso.datetime({ error: 'validation.invalidDate' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AlertHistoryQuery = z.output<typeof alertHistoryQuerySchema>;

export const alertHistoryPageSchema = z.object({
  list: z.array(alertHistoryEntrySchema),
  count: z.number().int().nonnegative(),
});

/** `GET /api/alert-history/unread-count`: what the shell's badge shows. */
export const alertUnreadCountSchema = z.object({ count: z.number().int().nonnegative() });

/** `GET /api/alert-history/{alertId}/latest`: each group's latest entry (the table's state, the map's colours). */
export const alertLatestSchema = z.object({ list: z.array(alertHistoryEntrySchema) });

/** `PUT /api/alert-history/{id}`: read or unread; `PUT /api/alert-history` with `ids`: all of a page at once. */
export const alertReadChangeSchema = z.object({ read: z.boolean({ error: 'validation.invalidOption' }) });
export const alertReadManySchema = alertReadChangeSchema.extend({
  ids: z.array(alertHistoryIdSchema).min(1, 'validation.required').max(200, 'validation.tooBig'),
});
