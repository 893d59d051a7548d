import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { infra } from '../../testing/infra.ts';
import { waitFor } from '../../testing/wait-for.ts';
import { describeLogPortContract } from '../log-port.contract.ts';
import type { LogConsumer, LogRecord } from '../log-port.ts';
import { kafkaPartitionOf, openKafkaLog } from './kafka-log.ts';

describeLogPortContract('kafka (@platformatic/kafka)', () =>
  openKafkaLog({ brokers: infra.kafkaBrokers, clientId: 'contract' }),
);

describe('kafka (@platformatic/kafka) keys', { timeout: 60_000 }, () => {
  const opened = openKafkaLog({ brokers: infra.kafkaBrokers, clientId: 'keys' });
  const consumers: LogConsumer[] = [];
  afterAll(async () => {
    await Promise.allSettled(consumers.map((consumer) => consumer.stop()));
    await (await opened).close();
  });

  it("puts each key, ASCII or not, on the partition the Java client would (murmur2 of the key's UTF-8 bytes)", async () => {
    const log = await opened;
    const topic = `keys-${randomUUID()}`;
    const partitions = 12;
    await log.ensureTopics([{ name: topic, partitions }]);
    const keys = ['probe-1', 'probe-2', 'sonda-ñ', 'зонд-7', '探针-3', '🛰️-9', ''];
    await log.produce(
      topic,
      keys.map((key) => ({ key, value: key })),
    );
    const seen: LogRecord[] = [];
    consumers.push(
      await log.consume({
        groupId: `keys-${randomUUID()}`,
        topics: [topic],
        handle: async (batch) => void seen.push(...batch),
      }),
    );
    await waitFor('every key', () => seen.length >= keys.length);
    expect(
      seen.map(({ key, value, partition }) => ({ key, value, partition })).sort((a, b) => a.key.localeCompare(b.key)),
    ).toEqual(
      keys
        .map((key) => ({ key, value: key, partition: kafkaPartitionOf(key, partitions) }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
  });
});
