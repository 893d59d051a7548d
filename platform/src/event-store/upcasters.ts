import type { StoredEvent } from '@nq/contracts';

/** Turns the data of `type` at `fromVersion` into the next version's shape. */
export type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/** Upcasters by event type, then by the version they upgrade from; applied in a chain on every read. */
export type UpcasterRegistry = Record<string, Record<number, Upcaster>>;

export function upcast(event: StoredEvent, registry: UpcasterRegistry): StoredEvent {
  const chain = registry[event.type];
  if (!chain) return event;
  let { data, schemaVersion } = event;
  for (let next = chain[schemaVersion]; next; next = chain[schemaVersion]) {
    data = next(data);
    schemaVersion += 1;
  }
  return schemaVersion === event.schemaVersion ? event : { ...event, data, schemaVersion };
}
