import type { EntityEvent, EntityIntentEvent } from '@nq/contracts';
import type { EventRenamer } from '../event-store/upcasters.ts';
import type { EntityDefinition } from './entity-definition.ts';

type Fields = Record<string, unknown>;
type Named = Pick<EntityDefinition, 'eventPrefix' | 'fieldIntents'>;

const valuesOf = (fields: readonly string[], source: Fields, recorded = (value: unknown) => value) =>
  Object.fromEntries(fields.map((field) => [field, source[field] == null ? null : recorded(source[field])]));

/**
 * The one event an update records: named by the definition's first field intent whose fields it changes, carrying
 * their values before and after as its `intent`; otherwise `<Prefix>Updated`. `before` (the entity's fields before the
 * update) is absent when the update is read from the store, where only its changes were kept.
 */
export function updateEventOf(definition: Named, changes: Fields, before?: Fields): EntityEvent | EntityIntentEvent {
  for (const intent of definition.fieldIntents ?? []) {
    const touched = intent.fields.filter((field) => field in changes);
    if (touched.length === 0) continue;
    const sides = (recorded?: (value: unknown) => unknown) => ({
      ...(before ? { before: valuesOf(touched, before, recorded) } : {}),
      after: valuesOf(touched, changes, recorded),
    });
    const event = intent.eventOf?.(sides()) ?? intent.events[0];
    if (!intent.events.includes(event))
      throw new Error(`a field intent of ${definition.eventPrefix} named '${event}', not one of its events`);
    return { type: `${definition.eventPrefix}${event}`, data: { changes, intent: sides(intent.recorded) } };
  }
  return { type: `${definition.eventPrefix}Updated` as const, data: { changes } };
}

/**
 * How the event store reads the definitions' stored updates (`<Prefix>Updated`, written before a field intent was
 * declared): those that changed an intent's fields under the intent's name, as the decider names them now, at the same
 * position and version; their `intent` has the values after only.
 */
export function fieldIntentRenames(definitions: readonly Named[]): Record<string, EventRenamer> {
  return Object.fromEntries(
    definitions
      .filter((definition) => (definition.fieldIntents ?? []).length > 0)
      .map((definition) => {
        const stored = `${definition.eventPrefix}Updated`;
        const rename: EventRenamer = (data) => {
          const event = updateEventOf(definition, data.changes as Fields);
          return event.type === stored ? undefined : event;
        };
        return [stored, rename];
      }),
  );
}
