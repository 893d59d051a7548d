import { z } from 'zod';
import { logPositionSchema } from './log-position.ts';

export const actorSchema = z.object({
  userId: z.string().describe('The user who issued the command ("system" for the platform itself)'),
  profileId: z.string().describe('The profile the user was working under'),
});
export type Actor = z.infer<typeof actorSchema>;

export const eventMetadataSchema = z.object({
  actor: actorSchema,
  commandId: z.string(),
  correlationId: z.string(),
  causationId: z.string(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

export const storedEventSchema = z.object({
  eventId: z.uuid(),
  streamId: z.string(),
  streamVersion: z.number().int().positive(),
  position: logPositionSchema,
  type: z.string().describe('Past-tense event name, e.g. TagCreated'),
  schemaVersion: z.number().int().positive().describe('Version of the stored data shape, upcast to the latest on read'),
  data: z.record(z.string(), z.unknown()),
  metadata: eventMetadataSchema,
  recordedAt: z.iso.datetime(),
});
export type StoredEvent = z.infer<typeof storedEventSchema>;
