import { compareLogPositions, type LogPosition, type StoredEvent } from '@nq/contracts';
import type { EventStore } from '@nq/platform/event-store/event-store-port';

/**
 * The event log as enrichment reads it, for its tests: the head moves to a position where streams changed (one
 * event each), while the tests write the read models themselves.
 */
export function configurationLog(start: LogPosition) {
  const events: StoredEvent[] = [];
  let head = start;
  let reads = 0;
  const eventStore: Pick<EventStore, 'head' | 'readAll' | 'readStreams'> = {
    head: async () => head,
    async readStreams(streamIds) {
      return new Map(streamIds.map((streamId) => [streamId, events.filter((event) => event.streamId === streamId)]));
    },
    async readAll(after, limit) {
      reads++;
      return events.filter((event) => compareLogPositions(event.position, after) > 0).slice(0, limit);
    },
  };
  return {
    eventStore,
    get head() {
      return head;
    },
    /** How many times the log was read. */
    get reads() {
      return reads;
    },
    /** The log's head moves to `position`, with an event of each of these streams there (none: the log moved on). */
    changeAt(position: LogPosition, ...streamIds: string[]) {
      head = position;
      events.push(
        ...streamIds.map(
          (streamId, index): StoredEvent => ({
            eventId: `${position}-${index}`,
            streamId,
            streamVersion: 1,
            position,
            // A probe's stream begins with its creation, as the entity service writes it.
            type: streamId.startsWith('probe-') ? 'ProbeCreated' : 'Changed',
            schemaVersion: 1,
            data: streamId.startsWith('probe-')
              ? { id: streamId.slice('probe-'.length), fields: {}, owner: 'test' }
              : {},
            metadata: {
              actor: { userId: 'test', profileId: 'test' },
              commandId: 'c',
              correlationId: 'c',
              causationId: 'c',
            },
            recordedAt: new Date(0).toISOString(),
          }),
        ),
      );
    },
  };
}
