import { DomainError, type LogPosition, logPositionSchema } from '@nq/contracts';
import type { EntityService } from './entity-service.ts';

/**
 * An entity's fields at a configuration version — as it was at an instant or a log position (`asOf`), else as it is —
 * read from its event stream (never a read model, which may lag), with the version it is: the stream version and the
 * log position of its last event. Loading that position again gives the same fields: what a published number names
 * so that it can be reproduced. An entity absent (or deleted) then is `resource.notFound`.
 */
export async function entityAsOf<Fields>(
  service: EntityService,
  id: string,
  asOf?: string,
): Promise<{ fields: Fields; version: number; position: LogPosition }> {
  const at = asOf === undefined || logPositionSchema.safeParse(asOf).success ? asOf : new Date(asOf);
  const { state, events } = await service.load(id, at);
  if (state.status !== 'active') throw new DomainError('resource.notFound', { details: { id, asOf } });
  return { fields: state.fields as Fields, version: state.version, position: events.at(-1)!.position };
}
