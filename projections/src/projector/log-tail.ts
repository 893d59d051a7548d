import { compareLogPositions, type LogPosition, type StoredEvent } from '@nq/contracts';
import type { EventStore } from '@nq/platform/event-store/event-store-port';

/**
 * The recent end of the global log, read once for every projection: projections that are caught up ask for the same
 * events after each append, and one query (shared by concurrent callers) serves them all from memory. A reader
 * behind the kept window reads the event store itself. The window is gap-free: each fetch continues from the last
 * event fetched, and the store never returns an event after one committed later.
 */
export function logTail(eventStore: Pick<EventStore, 'readAll'>, options: { keep?: number; fetchSize?: number } = {}) {
  const keep = options.keep ?? 5_000;
  const fetchSize = options.fetchSize ?? 1_000;
  let events: StoredEvent[] = [];
  /** The window holds every event after `from` up to its last event. */
  let from: LogPosition | undefined;
  let fetching: Promise<number> | undefined;

  const end = () => events.at(-1)?.position ?? from!;
  const covers = (after: LogPosition) =>
    from !== undefined && compareLogPositions(after, from) >= 0 && compareLogPositions(after, end()) <= 0;

  function after(position: LogPosition, limit: number) {
    let low = 0;
    let high = events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareLogPositions(events[middle]!.position, position) > 0) high = middle;
      else low = middle + 1;
    }
    return events.slice(low, low + limit);
  }

  /** One fetch at a time; callers arriving meanwhile share it. Answers how many events it added. */
  function fetchMore(): Promise<number> {
    fetching ??= eventStore
      .readAll(end(), fetchSize)
      .then((fetched) => {
        events.push(...fetched);
        if (events.length > keep) {
          const dropped = events.length - keep;
          from = events[dropped - 1]!.position;
          events = events.slice(dropped);
        }
        return fetched.length;
      })
      .finally(() => {
        fetching = undefined;
      });
    return fetching;
  }

  return {
    async readAll(position: LogPosition, limit: number): Promise<StoredEvent[]> {
      if (from === undefined) from = position;
      if (!covers(position)) return eventStore.readAll(position, limit);
      const kept = after(position, limit);
      if (kept.length > 0) return kept;
      // Caught up with the window: one shared fetch; a fetch already under way may have started before the append
      // that woke this caller, so a caller that finds nothing new fetches once more itself.
      const shared = fetching;
      await fetchMore();
      if (shared && after(position, limit).length === 0) await fetchMore();
      return covers(position) ? after(position, limit) : eventStore.readAll(position, limit);
    },
  };
}
