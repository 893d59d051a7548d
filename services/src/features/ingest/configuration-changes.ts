import { compareLogPositions, type LogPosition } from '@nq/contracts';
import type { EventStore } from '@nq/platform/event-store/event-store-port';
import { type Family, factFamilies, families } from './enrichment-facts.ts';

const streamPrefixes = families.map((family) => ({ family, prefix: `${factFamilies[family].kind}-` }));

/** The entity a stream holds, when enrichment keeps facts of its kind (a user's or a tag's stream: none). */
function changedEntity(streamId: string): { family: Family; id: string } | undefined {
  const found = streamPrefixes.find(({ prefix }) => streamId.startsWith(prefix));
  return found && { family: found.family, id: streamId.slice(found.prefix.length) };
}

const isAtOrBefore = (position: LogPosition, checkpoint: LogPosition) => compareLogPositions(position, checkpoint) <= 0;

/** What to read again, per family: all of it, or these ids. */
export type Rereads = { [F in Family]?: 'whole' | string[] };

/**
 * The changes the log holds that the facts may not show yet: per family, the entities changed (or the whole family)
 * and the log position of the last change of each. A change stays until it is read again from read models whose
 * checkpoints have reached its position: read earlier, the read model might not show it yet.
 */
export function pendingChanges() {
  const entities = new Map<Family, Map<string, LogPosition>>();
  const wholeFamilies = new Map<Family, LogPosition>();
  return {
    get isEmpty() {
      return entities.size === 0 && wholeFamilies.size === 0;
    },
    /** The entity of this stream changed at this position (nothing, for a kind enrichment does not keep). */
    streamChanged(streamId: string, position: LogPosition) {
      const entity = changedEntity(streamId);
      if (!entity) return;
      const ids = entities.get(entity.family) ?? new Map<string, LogPosition>();
      ids.set(entity.id, position);
      entities.set(entity.family, ids);
    },
    /** Every family may have changed up to this position (more changes than are worth reading one by one). */
    everythingChanged(position: LogPosition) {
      entities.clear();
      for (const family of families) wholeFamilies.set(family, position);
    },
    /** What read models at this checkpoint show of the changes. */
    shownAt(checkpoint: LogPosition): Rereads {
      const rereads: Rereads = {};
      for (const family of families) {
        const whole = wholeFamilies.get(family);
        if (whole !== undefined && isAtOrBefore(whole, checkpoint)) rereads[family] = 'whole';
        else {
          const ids = [...(entities.get(family) ?? [])].filter(([, position]) => isAtOrBefore(position, checkpoint));
          if (ids.length > 0) rereads[family] = ids.map(([id]) => id);
        }
      }
      return rereads;
    },
    /** Forgets the changes read again from read models at this checkpoint. */
    shown(checkpoint: LogPosition) {
      for (const [family, position] of wholeFamilies) {
        if (!isAtOrBefore(position, checkpoint)) continue;
        wholeFamilies.delete(family);
        entities.delete(family);
      }
      for (const [family, ids] of entities) {
        for (const [id, position] of ids) if (isAtOrBefore(position, checkpoint)) ids.delete(id);
        if (ids.size === 0) entities.delete(family);
      }
    },
  };
}

export type PendingChanges = ReturnType<typeof pendingChanges>;

const PAGE = 1_000;

/**
 * Reads the log after `after` into the pending changes, as far as it can be read (an older transaction still running
 * holds it back); past `maxEvents`, every family is taken as changed up to the log's head instead, reading a long log
 * no further. Answers where the log was read to.
 */
export async function readChanges(
  eventStore: Pick<EventStore, 'readAll' | 'head'>,
  pending: PendingChanges,
  after: LogPosition,
  maxEvents: number,
): Promise<LogPosition> {
  let position = after;
  for (let read = 0; ; ) {
    const events = await eventStore.readAll(position, PAGE);
    for (const event of events) pending.streamChanged(event.streamId, event.position);
    position = events.at(-1)?.position ?? position;
    read += events.length;
    if (events.length < PAGE) return position;
    if (read >= maxEvents) {
      // Every event up to the head is shown once the read models reach it, whatever transaction wrote it when.
      const head = await eventStore.head();
      pending.everythingChanged(head);
      return head;
    }
  }
}
