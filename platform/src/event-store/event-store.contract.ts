import { randomUUID } from 'node:crypto';
import {
  compareLogPositions,
  DomainError,
  type EventMetadata,
  type LogPosition,
  logStart,
  type StoredEvent,
  splitLogPosition,
} from '@nq/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/wait-for.ts';
import type { AppendRequest, EventStore } from './event-store-port.ts';

export const metadataFor = (commandId = randomUUID()): EventMetadata => ({
  actor: { userId: 'user-1', profileId: 'profile-1' },
  commandId,
  correlationId: `corr-${commandId}`,
  causationId: commandId,
});

const tagCreated = (name: string) => ({ type: 'TagCreated', schemaVersion: 1, data: { name } });

/** Reads the whole global log after `from`, as a catch-up subscriber would. */
export async function readAllAfter(store: EventStore, from: LogPosition = logStart): Promise<StoredEvent[]> {
  const seen: StoredEvent[] = [];
  let checkpoint = from;
  for (;;) {
    const batch = await store.readAll(checkpoint, 500);
    if (batch.length === 0) return seen;
    seen.push(...batch);
    checkpoint = batch.at(-1)!.position;
  }
}

const rejectionCode = (result: PromiseSettledResult<unknown>) =>
  result.status === 'rejected' && result.reason instanceof DomainError ? result.reason.code : undefined;

/** The behaviour every EventStore adapter must show. */
export function describeEventStoreContract(adapter: string, openStore: () => Promise<EventStore>) {
  describe(`EventStore contract — ${adapter}`, { timeout: 60_000 }, () => {
    let store: EventStore;
    const stream = (kind = 'tag') => `${kind}-${randomUUID()}`;
    const append = (request: Partial<AppendRequest> & Pick<AppendRequest, 'streamId'>) =>
      store.append({ expectedVersion: 'any', events: [tagCreated('x')], metadata: metadataFor(), ...request });

    beforeAll(async () => {
      store = await openStore();
    });

    it('appends events with their metadata and reads the stream back in order', async () => {
      const streamId = stream();
      const metadata = metadataFor();
      const first = await store.append({
        streamId,
        expectedVersion: 0,
        events: [tagCreated('wifi'), { type: 'TagRenamed', schemaVersion: 1, data: { name: 'wifi6' } }],
        metadata,
      });
      expect(first).toMatchObject({ streamVersion: 2, replayed: false });
      const events = await store.readStream(streamId);
      expect(events.map((e) => [e.type, e.streamVersion, e.data])).toEqual([
        ['TagCreated', 1, { name: 'wifi' }],
        ['TagRenamed', 2, { name: 'wifi6' }],
      ]);
      expect(events[0]!.metadata).toEqual(metadata);
      expect(new Set(events.map((e) => e.eventId)).size).toBe(2);
      expect(compareLogPositions(events[0]!.position, events[1]!.position)).toBe(-1);
      expect(first.position).toBe(events[1]!.position);
    });

    it('refuses an append made on a stale version with request.conflict, writing nothing', async () => {
      const streamId = stream();
      await append({ streamId, expectedVersion: 0 });
      await expect(append({ streamId, expectedVersion: 0 })).rejects.toMatchObject({
        code: 'request.conflict',
        status: 409,
      });
      await append({ streamId, expectedVersion: 1 });
      await expect(append({ streamId, expectedVersion: 1 })).rejects.toMatchObject({ code: 'request.conflict' });
      expect(await store.readStream(streamId)).toHaveLength(2);
    });

    it('lets exactly one of several concurrent appends on the same version win', async () => {
      const streamId = stream();
      await append({ streamId, expectedVersion: 0 });
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, () => append({ streamId, expectedVersion: 1 })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.map(rejectionCode).filter((code) => code === 'request.conflict')).toHaveLength(4);
      expect(await store.readStream(streamId)).toHaveLength(2);
    });

    it('appends a retried command once and answers the retry like the first attempt', async () => {
      const streamId = stream();
      const metadata = metadataFor();
      const first = await store.append({ streamId, expectedVersion: 0, events: [tagCreated('a')], metadata });
      const retry = await store.append({ streamId, expectedVersion: 0, events: [tagCreated('a')], metadata });
      expect(retry).toMatchObject({ replayed: true, position: first.position, streamVersion: 1 });
      const concurrent = metadataFor();
      const both = await Promise.all(
        [1, 2].map(() =>
          store.append({ streamId, expectedVersion: 1, events: [tagCreated('b')], metadata: concurrent }),
        ),
      );
      expect(both.map((r) => r.position)).toEqual([both[0]!.position, both[0]!.position]);
      expect(await store.readStream(streamId)).toHaveLength(2);
    });

    it('serves the global log in commit order, resumable from any position', async () => {
      const start = await store.head();
      const streams = [stream(), stream(), stream()];
      for (const streamId of streams) await append({ streamId });
      const after = await readAllAfter(store, start);
      expect(after.map((e) => e.streamId)).toEqual(streams);
      const resumed = await readAllAfter(store, after[0]!.position);
      expect(resumed.map((e) => e.streamId)).toEqual(streams.slice(1));
      expect(await store.head()).toBe(after.at(-1)!.position);
    });

    it('orders the log by number, not as text, when positions gain a digit', async () => {
      const start = await store.head();
      const from = Number(splitLogPosition(start).sequence);
      // One append whose sequence numbers cross the next power of ten (…98, 99, 100…), read back in small batches.
      const count = Math.min(Math.max(10 ** String(from + 1).length - from + 3, 12), 2_000);
      const streamId = stream();
      const metadata = metadataFor();
      const events = Array.from({ length: count }, (_, i) => tagCreated(`n${i}`));
      const first = await store.append({ streamId, expectedVersion: 0, events, metadata });
      const seen: StoredEvent[] = [];
      for (let batch = await store.readAll(start, 7); batch.length > 0; ) {
        seen.push(...batch);
        batch = await store.readAll(batch.at(-1)!.position, 7);
      }
      const ours = seen.filter((event) => event.streamId === streamId);
      expect(ours.map((event) => event.streamVersion)).toEqual(events.map((_, i) => i + 1));
      expect(first.position).toBe(ours.at(-1)!.position);
      expect(await store.head()).toBe(first.position);
      const replay = await store.append({ streamId, expectedVersion: 0, events, metadata });
      expect(replay).toMatchObject({ replayed: true, position: first.position, streamVersion: count });
    });

    it('holds a unique value for one stream: of two concurrent claims exactly one succeeds', async () => {
      const name = `name-${randomUUID()}`;
      const claim = [{ scope: 'tag-name', value: name, conflict: 'tags.nameExists' as const }];
      const results = await Promise.allSettled(
        [stream(), stream()].map((streamId) => append({ streamId, expectedVersion: 0, constraints: { claim } })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.map(rejectionCode)).toContain('tags.nameExists');
      const winner = (
        results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ events: StoredEvent[] }>
      ).value.events[0]!.streamId;
      expect(await store.holderOf('tag-name', name)).toBe(winner);
      // The holder may claim it again (an update that keeps the name); after a release another stream may take it.
      await append({ streamId: winner, constraints: { claim } });
      const other = stream();
      await expect(append({ streamId: other, constraints: { claim } })).rejects.toMatchObject({
        code: 'tags.nameExists',
        status: 409,
      });
      expect(await store.readStream(other)).toEqual([]);
      await append({ streamId: winner, constraints: { release: [{ scope: 'tag-name', value: name }] } });
      expect(await store.holderOf('tag-name', name)).toBeUndefined();
      await append({ streamId: other, constraints: { claim } });
      expect(await store.holderOf('tag-name', name)).toBe(other);
    });

    it('keeps references: no reference to a missing stream, no deletion of a referenced one', async () => {
      const geofilter = stream('geofilter');
      const cluster = stream('cluster');
      await expect(
        append({
          streamId: cluster,
          constraints: { addReferences: [{ to: geofilter, missing: 'resource.notFound' }] },
        }),
      ).rejects.toMatchObject({ code: 'resource.notFound' });
      expect(await store.readStream(cluster)).toEqual([]);
      await append({ streamId: geofilter });
      await append({
        streamId: cluster,
        constraints: { addReferences: [{ to: geofilter, missing: 'resource.notFound' }] },
      });
      const deletion = { refuseIfReferenced: 'geofilters.inUse' as const, markDeleted: true };
      await expect(append({ streamId: geofilter, constraints: deletion })).rejects.toMatchObject({
        code: 'geofilters.inUse',
        details: { referencedBy: [cluster] },
      });
      await append({ streamId: cluster, constraints: { removeReferences: [{ to: geofilter }] } });
      await append({ streamId: geofilter, constraints: deletion });
      await expect(
        append({
          streamId: stream('cluster'),
          constraints: { addReferences: [{ to: geofilter, missing: 'resource.notFound' }] },
        }),
      ).rejects.toMatchObject({ code: 'resource.notFound' });
    });

    it('appends to several streams in one transaction, in order, and reads them back in one call', async () => {
      const existing = stream();
      await append({ streamId: existing, expectedVersion: 0 });
      const start = await store.head();
      const [created, referring] = [stream(), stream('cluster')];
      const results = await store.appendMany([
        { streamId: created, expectedVersion: 0, events: [tagCreated('a'), tagCreated('b')], metadata: metadataFor() },
        { streamId: existing, expectedVersion: 1, events: [tagCreated('c')], metadata: metadataFor() },
        {
          streamId: referring,
          expectedVersion: 'any',
          events: [tagCreated('d')],
          metadata: metadataFor(),
          constraints: { addReferences: [{ to: created, missing: 'resource.notFound' }] },
        },
      ]);
      expect(results.map((r) => [r.streamVersion, r.replayed])).toEqual([
        [2, false],
        [2, false],
        [1, false],
      ]);
      const log = await readAllAfter(store, start);
      expect(log.map((e) => [e.streamId, e.data.name])).toEqual([
        [created, 'a'],
        [created, 'b'],
        [existing, 'c'],
        [referring, 'd'],
      ]);
      expect(results.map((r) => r.position)).toEqual([log[1]!.position, log[2]!.position, log[3]!.position]);
      const streams = await store.readStreams([created, existing, stream()]);
      expect([...streams.keys()].sort()).toEqual([created, existing].sort());
      expect(streams.get(existing)!.map((e) => [e.streamVersion, e.data.name])).toEqual([
        [1, 'x'],
        [2, 'c'],
      ]);
      await expect(
        append({ streamId: created, constraints: { refuseIfReferenced: 'geofilters.inUse' } }),
      ).rejects.toMatchObject({ code: 'geofilters.inUse', details: { referencedBy: [referring] } });
    });

    it('appends none of several streams when one is refused, with its refusal', async () => {
      const taken = stream();
      await append({ streamId: taken, expectedVersion: 0 });
      const name = `name-${randomUUID()}`;
      const claim = [{ scope: 'tag-name', value: name, conflict: 'tags.nameExists' as const }];
      const request = (streamId: string, more: Partial<AppendRequest> = {}): AppendRequest => ({
        streamId,
        expectedVersion: 0,
        events: [tagCreated('x')],
        metadata: metadataFor(),
        ...more,
      });
      const refusals = [
        [request(stream()), request(taken)],
        [
          request(stream()),
          request(stream(), { constraints: { addReferences: [{ to: stream(), missing: 'resource.notFound' }] } }),
        ],
        [request(stream(), { constraints: { claim } }), request(stream(), { constraints: { claim } })],
      ];
      const head = await store.head();
      const codes = [];
      for (const requests of refusals)
        codes.push(rejectionCode((await Promise.allSettled([store.appendMany(requests)]))[0]!));
      expect(codes).toEqual(['request.conflict', 'resource.notFound', 'tags.nameExists']);
      expect(await store.head()).toBe(head);
      for (const [created] of refusals) expect(await store.readStream(created!.streamId)).toEqual([]);
      expect(await store.holderOf('tag-name', name)).toBeUndefined();
    });

    it('answers the commands of several streams appended already as they were, appending the others', async () => {
      const first = { streamId: stream(), expectedVersion: 0, events: [tagCreated('a')], metadata: metadataFor() };
      const second = { streamId: stream(), expectedVersion: 0, events: [tagCreated('b')], metadata: metadataFor() };
      const [appended] = await store.appendMany([first]);
      const results = await store.appendMany([first, second]);
      expect(results.map((r) => r.replayed)).toEqual([true, false]);
      expect(results[0]!.position).toBe(appended!.position);
      const head = await store.head();
      expect((await store.appendMany([first, second])).map((r) => r.replayed)).toEqual([true, true]);
      expect(await store.head()).toBe(head);
    });

    it('reads a stream as it stood at an instant', async () => {
      const streamId = stream();
      await append({ streamId, events: [tagCreated('first')] });
      const [created] = await store.readStream(streamId);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await append({ streamId, events: [tagCreated('second')] });
      const asOf = await store.readStream(streamId, { recordedUntil: new Date(created!.recordedAt) });
      expect(asOf.map((e) => e.data.name)).toEqual(['first']);
    });

    it('reads the events recorded in a window, of the chosen kinds of stream, newest first', async () => {
      const kind = `kind${randomUUID().slice(0, 8)}`;
      const [chosen, alsoChosen, other] = [stream(kind), stream(`${kind}x`), stream(`other${kind}`)];
      const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
      await append({ streamId: chosen, events: [tagCreated('first')] });
      await pause();
      await append({ streamId: other, events: [tagCreated('elsewhere')] });
      await append({ streamId: alsoChosen, events: [tagCreated('second')] });
      await pause();
      await append({ streamId: chosen, events: [tagCreated('third')] });
      const [first, third] = await store.readStream(chosen);
      const [second] = await store.readStream(alsoChosen);
      const recorded = (from: string, to: string, limit = 10) =>
        store
          .readRecorded({ from: new Date(from), to: new Date(to), streamPrefixes: [`${kind}-`, `${kind}x-`], limit })
          .then((events) => events.map((event) => event.data.name));

      expect(await recorded(first!.recordedAt, third!.recordedAt)).toEqual(['third', 'second', 'first']);
      expect(await recorded(first!.recordedAt, second!.recordedAt)).toEqual(['second', 'first']);
      expect(await recorded(second!.recordedAt, third!.recordedAt, 1)).toEqual(['third']);
    });

    it('tells subscribers that something was appended', async () => {
      let notified = 0;
      const unsubscribe = await store.onAppend(() => notified++);
      await append({ streamId: stream() });
      await waitFor('the append notification', () => notified > 0, 5_000);
      await unsubscribe();
    });
  });
}
