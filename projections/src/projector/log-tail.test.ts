import type { LogPosition, StoredEvent } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { logTail } from './log-tail.ts';

/** A log of `count` events at positions `1:1`, `1:2`…, and the reads made of it. */
function fakeLog() {
  const events: StoredEvent[] = [];
  const reads: LogPosition[] = [];
  const append = (count: number) => {
    for (let i = 0; i < count; i++) {
      const sequence = events.length + 1;
      events.push({ position: `1:${sequence}`, type: 'TagCreated' } as StoredEvent);
    }
  };
  const sequenceOf = (position: LogPosition) => Number(position.split(':')[1]);
  return {
    append,
    reads,
    store: {
      async readAll(after: LogPosition, limit: number) {
        reads.push(after);
        // What the store answers is what was committed when the query started.
        const visible = events.filter((event) => sequenceOf(event.position) > sequenceOf(after)).slice(0, limit);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return visible;
      },
    },
  };
}
const positions = (events: StoredEvent[]) => events.map((event) => event.position);

describe('log tail shared by the projections', () => {
  it('serves every caught-up projection from one read of the store', async () => {
    const log = fakeLog();
    const tail = logTail(log.store);
    expect(await tail.readAll('0:0', 100)).toEqual([]);
    log.append(3);
    const answers = await Promise.all(Array.from({ length: 10 }, () => tail.readAll('0:0', 100)));
    for (const answer of answers) expect(positions(answer)).toEqual(['1:1', '1:2', '1:3']);
    expect(log.reads.length).toBeLessThanOrEqual(3);
    expect(positions(await tail.readAll('1:1', 1))).toEqual(['1:2']);
  });

  it('never misses an event appended while a shared read was under way', async () => {
    const log = fakeLog();
    const tail = logTail(log.store);
    await tail.readAll('0:0', 100);
    const early = tail.readAll('0:0', 100);
    log.append(1);
    const late = tail.readAll('0:0', 100);
    await early;
    expect(positions(await late)).toEqual(['1:1']);
  });

  it('sends a reader behind its window to the store', async () => {
    const log = fakeLog();
    log.append(10);
    const tail = logTail(log.store, { keep: 4, fetchSize: 100 });
    await tail.readAll('0:0', 100);
    expect(positions(await tail.readAll('1:8', 100))).toEqual(['1:9', '1:10']);
    const before = log.reads.length;
    expect(positions(await tail.readAll('1:2', 2))).toEqual(['1:3', '1:4']);
    expect(log.reads.length).toBe(before + 1);
  });
});
