import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, waitFor } from '../testing/wait-for.ts';
import type { LogConsumer, LogPort, LogRecord } from './log-port.ts';

/**
 * The behaviour every Log adapter must show. Each adapter's test file calls this with a factory;
 * `openPeer` opens a second, independent connection, standing for another process of the same deployment.
 */
export function describeLogPortContract(adapter: string, openPort: () => Promise<LogPort>) {
  describe(`Log port contract — ${adapter}`, { timeout: 60_000 }, () => {
    let port: LogPort;
    const consumers: LogConsumer[] = [];
    const newTopic = async (partitions = 3) => {
      const name = `contract-${randomUUID()}`;
      await port.ensureTopics([{ name, partitions }]);
      return name;
    };
    const newGroup = () => `group-${randomUUID()}`;
    const track = (consumer: LogConsumer) => {
      consumers.push(consumer);
      return consumer;
    };
    const produceNumbered = (topic: string, count: number, keyOf: (i: number) => string, from = 0) =>
      port.produce(
        topic,
        Array.from({ length: count }, (_, i) => ({ key: keyOf(i + from), value: JSON.stringify({ n: i + from }) })),
      );
    const numberOf = (record: LogRecord) => (JSON.parse(record.value) as { n: number }).n;

    beforeAll(async () => {
      port = await openPort();
    });
    afterAll(async () => {
      await Promise.allSettled(consumers.map((consumer) => consumer.stop()));
      await port.close();
    });

    it('delivers every produced message, with its key, value and headers, to a new group', async () => {
      const topic = await newTopic();
      await port.produce(topic, [{ key: 'probe-1', value: '{"kpi":42}', headers: { 'content-type': 'json' } }]);
      const received: LogRecord[] = [];
      track(
        await port.consume({
          groupId: newGroup(),
          topics: [topic],
          handle: async (batch) => void received.push(...batch),
        }),
      );
      await waitFor('the record', () => received.length === 1);
      expect(received[0]).toMatchObject({
        topic,
        key: 'probe-1',
        value: '{"kpi":42}',
        headers: { 'content-type': 'json' },
      });
      expect(Number(received[0]!.offset)).toBeGreaterThanOrEqual(0);
    });

    it('keeps the produce order of messages that share a key', async () => {
      const topic = await newTopic();
      const keys = ['probe-a', 'probe-b', 'probe-c', 'probe-d'];
      for (let round = 0; round < 5; round++)
        await produceNumbered(topic, 20, (i) => keys[i % keys.length]!, round * 20);
      const seenPerKey = new Map<string, number[]>();
      track(
        await port.consume({
          groupId: newGroup(),
          topics: [topic],
          maxBatchSize: 7,
          handle: async (batch) => {
            for (const record of batch)
              seenPerKey.set(record.key, [...(seenPerKey.get(record.key) ?? []), numberOf(record)]);
          },
        }),
      );
      await waitFor('all 100 records', () => [...seenPerKey.values()].flat().length >= 100);
      for (const key of keys) {
        const seen = seenPerKey.get(key)!;
        expect(seen).toEqual([...seen].sort((a, b) => a - b));
        expect(seen).toHaveLength(25);
      }
    });

    it('handles batches of different partitions at once when allowed, each partition still one batch at a time, in order', async () => {
      const topic = await newTopic(3);
      const keys = Array.from({ length: 12 }, (_, i) => `probe-${i}`);
      for (let round = 0; round < 4; round++)
        await produceNumbered(topic, 30, (i) => keys[i % keys.length]!, round * 30);
      const seenPerKey = new Map<string, number[]>();
      const partitionsInHand = new Set<number>();
      let mostAtOnce = 0;
      let samePartitionTwice = false;
      track(
        await port.consume({
          groupId: newGroup(),
          topics: [topic],
          maxBatchSize: 5,
          partitionsAtOnce: 3,
          handle: async (batch) => {
            const { partition } = batch[0]!;
            if (partitionsInHand.has(partition)) samePartitionTwice = true;
            partitionsInHand.add(partition);
            mostAtOnce = Math.max(mostAtOnce, partitionsInHand.size);
            await sleep(20);
            for (const record of batch)
              seenPerKey.set(record.key, [...(seenPerKey.get(record.key) ?? []), numberOf(record)]);
            partitionsInHand.delete(partition);
          },
        }),
      );
      await waitFor('all 120 records', () => [...seenPerKey.values()].flat().length >= 120);
      expect(mostAtOnce).toBeGreaterThan(1);
      expect(samePartitionTwice).toBe(false);
      for (const key of keys) {
        const seen = seenPerKey.get(key)!;
        expect(seen).toEqual([...seen].sort((a, b) => a - b));
        expect(seen).toHaveLength(10);
      }
    });

    it('takes a produce call larger than one batch of a partition may be, every message to one partition', async () => {
      const topic = await newTopic(3);
      const padding = 'x'.repeat(1_000);
      const total = 2_500; // 2.5 MB for one key, beyond Kafka's default 1 MiB per partition batch
      await port.produce(
        topic,
        Array.from({ length: total }, (_, n) => ({ key: 'probe-big', value: JSON.stringify({ n, padding }) })),
      );
      const seen: number[] = [];
      track(
        await port.consume({
          groupId: newGroup(),
          topics: [topic],
          maxBatchSize: 1_000,
          handle: async (batch) => void seen.push(...batch.map(numberOf)),
        }),
      );
      await waitFor(`all ${total} records`, () => seen.length >= total);
      expect(seen).toEqual(Array.from({ length: total }, (_, n) => n));
    });

    it('takes text that is not ASCII, sized by its bytes, and delivers it as produced, with its key and headers', async () => {
      const topic = await newTopic(3);
      // Three UTF-8 bytes a character: 2.5 MB for one key, a third of it in characters.
      const padding = '€'.repeat(700);
      const total = 1_200;
      await port.produce(
        topic,
        Array.from({ length: total }, (_, n) => ({
          key: 'sonda-ñ',
          value: JSON.stringify({ n, padding }),
          headers: { origen: 'España' },
        })),
      );
      const seen: LogRecord[] = [];
      track(
        await port.consume({
          groupId: newGroup(),
          topics: [topic],
          maxBatchSize: 1_000,
          handle: async (batch) => void seen.push(...batch),
        }),
      );
      await waitFor(`all ${total} records`, () => seen.length >= total);
      expect(seen.map(numberOf)).toEqual(Array.from({ length: total }, (_, n) => n));
      for (const record of seen) {
        expect(record).toMatchObject({ key: 'sonda-ñ', headers: { origen: 'España' } });
        expect(JSON.parse(record.value)).toEqual({ n: numberOf(record), padding });
      }
    });

    it('lets records linger for a fuller batch when asked, and hands a full batch over at once', async () => {
      const topic = await newTopic(1);
      const batches: { size: number; at: number }[] = [];
      track(
        await port.consume({
          groupId: newGroup(),
          topics: [topic],
          maxBatchSize: 50,
          lingerMs: 1_500,
          handle: async (batch) => void batches.push({ size: batch.length, at: Date.now() }),
        }),
      );
      // Three produce calls 200 ms apart: without lingering they would be three batches as they came.
      const started = Date.now();
      for (let call = 0; call < 3; call += 1) {
        await produceNumbered(topic, 5, () => 'probe-1', call * 5);
        await sleep(200);
      }
      await waitFor('the lingering batch', () => batches.length === 1, 10_000);
      expect(batches[0]!.size).toBe(15);
      expect(batches[0]!.at - started).toBeGreaterThanOrEqual(1_000);
      // A full batch does not wait.
      const full = Date.now();
      await produceNumbered(topic, 50, () => 'probe-1', 15);
      await waitFor('the full batch', () => batches.length === 2, 10_000);
      expect(batches[1]).toMatchObject({ size: 50 });
      expect(batches[1]!.at - full).toBeLessThan(1_000);
    });

    it('shares the partitions among the members of a group, each message handled by one member', async () => {
      const topic = await newTopic(3);
      const groupId = newGroup();
      const handledBy: [string[], string[]] = [[], []];
      const members = await Promise.all(
        handledBy.map((log) =>
          port.consume({
            groupId,
            topics: [topic],
            handle: async (batch) => void log.push(...batch.map((r) => r.value)),
          }),
        ),
      );
      members.forEach(track);
      await sleep(1_000); // let the group settle after the second join before producing
      await produceNumbered(topic, 60, (i) => `probe-${i % 12}`);
      await waitFor('60 records across the group', () => handledBy[0].length + handledBy[1].length >= 60);
      await sleep(500);
      const all = [...handledBy[0], ...handledBy[1]];
      expect(new Set(all).size).toBe(60);
      expect(all).toHaveLength(60);
      expect(handledBy[0].length).toBeGreaterThan(0);
      expect(handledBy[1].length).toBeGreaterThan(0);
    });

    it('delivers every message to each group', async () => {
      const topic = await newTopic();
      await produceNumbered(topic, 30, (i) => `probe-${i % 5}`);
      const counts = [0, 0];
      for (const index of [0, 1]) {
        track(
          await port.consume({
            groupId: newGroup(),
            topics: [topic],
            handle: async (batch) => {
              counts[index]! += batch.length;
            },
          }),
        );
      }
      await waitFor('30 records in each group', () => counts[0] === 30 && counts[1] === 30);
    });

    it('commits only after the handler succeeds: a failed batch is delivered again', async () => {
      const topic = await newTopic(1);
      await produceNumbered(topic, 3, () => 'probe-x');
      const attempts: number[][] = [];
      let failuresLeft = 1;
      track(
        await port.consume({
          groupId: newGroup(),
          topics: [topic],
          handle: async (batch) => {
            attempts.push(batch.map(numberOf));
            if (failuresLeft-- > 0) throw new Error('index unavailable');
          },
        }),
      );
      await waitFor('the retry to handle all three', () => attempts.flat().filter((n) => n === 2).length >= 2, 30_000);
      expect(attempts[0]![0]).toBe(0);
      expect(attempts.flat().filter((n) => n === 0)).toHaveLength(2);
    });

    it('hands the batch of a member that crashed before committing to the next member of the group', async () => {
      const topic = await newTopic(1);
      const groupId = newGroup();
      await produceNumbered(topic, 5, () => 'probe-y');
      const firstMemberSaw: number[] = [];
      const crashed = await port.consume({
        groupId,
        topics: [topic],
        handle: async (batch) => {
          firstMemberSaw.push(...batch.map(numberOf));
          await new Promise(() => undefined); // stuck until the process dies
        },
      });
      await waitFor('the first member to take the batch', () => firstMemberSaw.length > 0);
      await crashed.abort();
      const secondMemberSaw: number[] = [];
      track(
        await port.consume({
          groupId,
          topics: [topic],
          handle: async (batch) => void secondMemberSaw.push(...batch.map(numberOf)),
        }),
      );
      await waitFor('the second member to receive all five', () => secondMemberSaw.length >= 5, 45_000);
      expect(secondMemberSaw.slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
    });

    it('resumes a restarted group after its last commit, without redelivering committed messages', async () => {
      const topic = await newTopic(2);
      const groupId = newGroup();
      await produceNumbered(topic, 10, (i) => `probe-${i % 4}`);
      const firstRun: number[] = [];
      const first = await port.consume({
        groupId,
        topics: [topic],
        handle: async (b) => void firstRun.push(...b.map(numberOf)),
      });
      await waitFor('the first run to handle ten', () => firstRun.length === 10);
      await first.stop();
      await produceNumbered(topic, 6, (i) => `probe-${i % 4}`, 10);
      const secondRun: number[] = [];
      track(
        await port.consume({ groupId, topics: [topic], handle: async (b) => void secondRun.push(...b.map(numberOf)) }),
      );
      await waitFor('the second run to handle six', () => secondRun.length >= 6);
      await sleep(500);
      expect(secondRun.sort((a, b) => a - b)).toEqual([10, 11, 12, 13, 14, 15]);
    });

    it("tells a group's lag: what was produced on each partition after its last commit", async () => {
      const topic = await newTopic(2);
      const groupId = newGroup();
      await produceNumbered(topic, 10, (i) => `probe-${i % 4}`);
      const handled: number[] = [];
      const consumer = await port.consume({
        groupId,
        topics: [topic],
        handle: async (b) => void handled.push(...b.map(numberOf)),
      });
      await waitFor('the group to handle ten', () => handled.length === 10);
      await consumer.stop();
      await produceNumbered(topic, 6, (i) => `probe-${i % 4}`, 10);
      const lag = await port.groupLag(groupId);
      expect(lag.every((partition) => partition.topic === topic && [0, 1].includes(partition.partition))).toBe(true);
      expect(lag.reduce((sum, partition) => sum + partition.records, 0)).toBe(6);
      expect(await port.groupLag(newGroup())).toEqual([]);
    });

    it('starts a new group at the end of the topic when asked for the latest records only', async () => {
      const topic = await newTopic(1);
      await produceNumbered(topic, 4, () => 'probe-z');
      const seen: number[] = [];
      track(
        await port.consume({
          groupId: newGroup(),
          topics: [topic],
          startFrom: 'latest',
          handle: async (b) => void seen.push(...b.map(numberOf)),
        }),
      );
      await produceNumbered(topic, 2, () => 'probe-z', 4);
      await waitFor('the two new records', () => seen.length >= 2);
      expect(seen).toEqual([4, 5]);
    });
  });
}
