import { z } from 'zod';

/** One field an event changed: its value before and after (absent when it had none). */
export const fieldChangeSchema = z.object({
  field: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** One event of an entity's history (`GET /api/audit/{kind}/{id}/history`): who, when, and the fields it changed. */
export const historyEntrySchema = z.object({
  version: z.number().int(),
  type: z.string(),
  recordedAt: z.string(),
  position: z.string(),
  actor: z.object({ userId: z.string(), profileId: z.string() }),
  commandId: z.string(),
  changes: z.array(fieldChangeSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** An entity as of an instant (`GET /api/audit/{kind}/{id}?asOf=`), replayed from its events; 'absent' before the first. */
export const entityAsOfSchema = z.object({
  kind: z.string(),
  id: z.string(),
  asOf: z.string(),
  status: z.enum(['absent', 'active', 'deleted']),
  version: z.number().int(),
  owner: z.string(),
  fields: z.record(z.string(), z.unknown()),
});
export type EntityAsOf = z.infer<typeof entityAsOfSchema>;
