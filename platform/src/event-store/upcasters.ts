import type { StoredEvent } from '@nq/contracts';

/** Turns the data of `type` at `fromVersion` into the next version's shape. */
export type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/** Upcasters by event type, then by the version they upgrade from; applied in a chain on every read. */
export type UpcasterRegistry = Record<string, Record<number, Upcaster>>;

/**
 * Reads a stored event, its data in the current shape, as another event of the same meaning (an update read as the
 * named change it was): its new type and data, or undefined to keep it as it is. One event for one: the stream
 * version and log position stay.
 */
export type EventRenamer = (
  data: Record<string, unknown>,
) => { type: string; data: Record<string, unknown> } | undefined;

/** How stored events are read: their data brought to the current version, then renamed, by stored type. */
export interface Upcasting {
  versions?: UpcasterRegistry;
  renames?: Record<string, EventRenamer>;
}

export function upcast(event: StoredEvent, { versions = {}, renames = {} }: Upcasting): StoredEvent {
  const chain = versions[event.type];
  let { data, schemaVersion } = event;
  for (let next = chain?.[schemaVersion]; next; next = chain?.[schemaVersion]) {
    data = next(data);
    schemaVersion += 1;
  }
  const renamed = renames[event.type]?.(data);
  if (renamed) return { ...event, type: renamed.type, data: renamed.data, schemaVersion };
  return schemaVersion === event.schemaVersion ? event : { ...event, data, schemaVersion };
}
